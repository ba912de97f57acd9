import { CachedJson } from '../../lib/cached-json.ts';
import type { CatalogSnapshot, ControlRepository } from './repository.ts';

/**
 * In-memory copy of the catalogue and of the serialized answers built from it.
 * The staff console calls `invalidate()` after an edit; the TTL bounds how long another
 * server process (which did not see that call) keeps serving the old catalogue.
 */
export type CatalogCache = {
  snapshot(): Promise<CatalogSnapshot>;
  /** The serialized answer stored under `key`, built from the snapshot on first use. */
  answer(key: string, build: (snapshot: CatalogSnapshot) => string): Promise<CachedJson>;
  invalidate(): void;
};

export function createCatalogCache(repository: ControlRepository, ttlMs = 60_000): CatalogCache {
  let loading: Promise<CatalogSnapshot> | null = null;
  let loadedAt = 0;
  // Answers hang off the snapshot they were built from, so a build that races an
  // invalidation can never store old bytes next to the new catalogue.
  const answers = new WeakMap<CatalogSnapshot, Map<string, CachedJson>>();

  const snapshot = (): Promise<CatalogSnapshot> => {
    if (loading && Date.now() - loadedAt < ttlMs) return loading;
    const current = repository.loadSnapshot();
    loading = current;
    loadedAt = Date.now();
    // A failed read must not stick: the next request tries the database again.
    current.catch(() => {
      if (loading === current) loading = null;
    });
    return current;
  };

  return {
    snapshot,
    async answer(key, build) {
      const data = await snapshot();
      let built = answers.get(data);
      if (!built) {
        built = new Map();
        answers.set(data, built);
      }
      let cached = built.get(key);
      if (!cached) {
        cached = new CachedJson(build(data));
        built.set(key, cached);
      }
      return cached;
    },
    invalidate() {
      loading = null;
    },
  };
}
