import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';

describe('app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ ALLOWED_GAME_ORIGINS: 'https://games.example.com' });
  });
  afterAll(() => app.close());

  it('reports health with the database', async () => {
    for (const url of ['/health', '/api/health']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
    }
  });

  it('sends the security headers', async () => {
    const res = await app.inject('/api/control/get-games-data');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://games.example.com");
    expect(csp).toContain("frame-src 'self' https://games.example.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers an unknown /api route with 404 { code: NOT_FOUND }', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await app.inject({ url: '/api/no/such/route', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('creates a request id, honours an incoming one and echoes it', async () => {
    const fresh = await app.inject('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-1234' } });
    expect(given.headers['x-request-id']).toBe('lb-1234');
    const hostile = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b\nc' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes OpenAPI with every /api route, its schema and a tag', async () => {
    const res = await app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[]; responses?: object }>> };
    const apiRoutes = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /── (\/api\/\S+)/.exec(line)?.[1])
      .filter((url): url is string => !!url && !url.startsWith('/api/docs') && url !== '/api/openapi.json');
    expect(apiRoutes.length).toBeGreaterThanOrEqual(6);
    for (const route of apiRoutes) {
      // OpenAPI writes path parameters as {name}; a route may be GET, POST or PUT.
      const url = route.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[url]?.get ?? doc.paths[url]?.post ?? doc.paths[url]?.put;
      expect(operation, url).toBeDefined();
      expect(operation?.tags?.length, url).toBeGreaterThan(0);
      // A success answer is described: 200, or 201 where the route creates (POST /api/v1/payments).
      expect(Object.keys(operation?.responses ?? {}).some((status) => status === '200' || status === '201'), url).toBe(true);
    }
    expect(Object.keys(doc.paths).every((url) => url.startsWith('/api/'))).toBe(true);
    const docs = await app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('rate limit', () => {
  it('answers 429 RATE_LIMITED past RATE_LIMIT_MAX', async () => {
    const app = await buildTestApp({ RATE_LIMIT_MAX: '2' });
    try {
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await app.inject('/api/control/get-games-data')).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const limited = await app.inject('/api/control/get-games-data');
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Static files are not counted: one page view fetches dozens of them.
      for (let i = 0; i < 3; i += 1) expect((await app.inject('/images/social/vk.svg')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
