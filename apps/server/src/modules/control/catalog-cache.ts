import { CachedJson } from '../../lib/cached-json.ts';
import type { CatalogSnapshot, ControlRepository } from './repository.ts';

/**
 * In-memory copy of the catalogue and of the serialized answers built from it.
 * The staff console calls `invalidate()` after an edit; `sharedAcrossProcesses` tells every
 * other process of it too (LISTEN/NOTIFY on PostgreSQL), and the TTL bounds how long a process
 * that missed the news (its listener was reconnecting) keeps serving the old catalogue.
 */
export type CatalogCache = {
  snapshot(): Promise<CatalogSnapshot>;
  /** The serialized answer stored under `key`, built from the snapshot on first use. */
  answer(key: string, build: (snapshot: CatalogSnapshot) => string): Promise<CachedJson>;
  invalidate(): void;
};

export type CatalogCacheOptions = {
  ttlMs?: number;
  now?: () => number;
  onRefreshError?: (error: unknown) => void;
};

export function createCatalogCache(
  repository: ControlRepository,
  { ttlMs = 60_000, now = Date.now, onRefreshError }: CatalogCacheOptions = {},
): CatalogCache {
  let current: Promise<CatalogSnapshot> | null = null;
  let loadedAt = 0;
  let refreshing = false;
  // Bumped by invalidate(), so a refresh started before an edit cannot land after it.
  let generation = 0;
  // Answers hang off the snapshot they were built from, so a build that races a reload
  // can never store old bytes next to the new catalogue.
  const answers = new WeakMap<CatalogSnapshot, Map<string, CachedJson>>();

  const load = (): Promise<CatalogSnapshot> => {
    const loading = repository.loadSnapshot();
    current = loading;
    loadedAt = now();
    // A failed first read must not stick: the next request tries the database again.
    loading.catch(() => {
      if (current === loading) current = null;
    });
    return loading;
  };

  // Past the TTL the old snapshot keeps answering while a fresh one loads (stale while
  // revalidate), so no request waits for the database on the hot path.
  const refresh = () => {
    refreshing = true;
    loadedAt = now();
    const started = generation;
    const next = repository.loadSnapshot();
    next
      .then(
        () => {
          if (generation === started) current = next;
        },
        (error: unknown) => onRefreshError?.(error),
      )
      .finally(() => {
        refreshing = false;
      });
  };

  const snapshot = (): Promise<CatalogSnapshot> => {
    if (!current) return load();
    if (!refreshing && now() - loadedAt >= ttlMs) refresh();
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
      generation += 1;
      current = null;
    },
  };
}

/** The news of a catalogue change between processes (a bus of `EventBus`'s shape). */
export interface CatalogChanges {
  publish(event: { changedAt: number }): Promise<void>;
  subscribe(listener: (event: { changedAt: number }) => void): () => void;
}

/**
 * The cache whose `invalidate()` reaches every process on the bus, this one included: each
 * drops its copy when the news comes (and this one at once, not waiting for its own echo).
 */
export function sharedAcrossProcesses(
  cache: CatalogCache,
  changes: CatalogChanges,
  onPublishError?: (error: unknown) => void,
): CatalogCache {
  changes.subscribe(() => cache.invalidate());
  return {
    snapshot: () => cache.snapshot(),
    answer: (key, build) => cache.answer(key, build),
    invalidate() {
      cache.invalidate();
      changes.publish({ changedAt: Date.now() }).catch((error: unknown) => onPublishError?.(error));
    },
  };
}
