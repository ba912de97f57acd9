import { describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../db/schema.ts';
import { createCatalogCache } from './catalog-cache.ts';
import type { CatalogSnapshot, ControlRepository } from './repository.ts';

/** A repository whose catalogue is one project named after the read count. */
function fakeRepository() {
  let reads = 0;
  let failNext = false;
  const repository: ControlRepository = {
    async loadSnapshot(): Promise<CatalogSnapshot> {
      reads += 1;
      if (failNext) {
        failNext = false;
        throw new Error('db down');
      }
      return { projects: [{ name: `v${reads}` } as ProjectRow], games: new Map(), prices: new Map() };
    },
    findPrice: async () => undefined,
  };
  return {
    repository,
    reads: () => reads,
    failOnce: () => {
      failNext = true;
    },
  };
}

const names = async (cache: ReturnType<typeof createCatalogCache>) =>
  (await cache.snapshot()).projects.map((project) => project.name).join();

describe('catalog cache', () => {
  it('reads once and serves the same bytes until invalidated', async () => {
    const fake = fakeRepository();
    const cache = createCatalogCache(fake.repository);
    const build = (snapshot: CatalogSnapshot) => JSON.stringify(snapshot.projects.map((p) => p.name));
    const a = await cache.answer('k', build);
    const b = await cache.answer('k', build);
    expect(b).toBe(a);
    expect(fake.reads()).toBe(1);
    cache.invalidate();
    const c = await cache.answer('k', build);
    expect(c.body.toString()).toBe('["v2"]');
    expect(c.etag).not.toBe(a.etag);
  });

  it('keeps answering from the old snapshot while a stale one reloads', async () => {
    const fake = fakeRepository();
    let clock = 0;
    const cache = createCatalogCache(fake.repository, { ttlMs: 1000, now: () => clock });
    expect(await names(cache)).toBe('v1');
    clock = 1500;
    expect(await names(cache)).toBe('v1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await names(cache)).toBe('v2');
    expect(fake.reads()).toBe(2);
  });

  it('retries after a failed first read instead of caching the failure', async () => {
    const fake = fakeRepository();
    const cache = createCatalogCache(fake.repository);
    fake.failOnce();
    await expect(cache.snapshot()).rejects.toThrow('db down');
    expect(await names(cache)).toBe('v2');
  });
});
