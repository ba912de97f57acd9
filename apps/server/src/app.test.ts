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

  it('tells liveness from readiness: draining fails readiness only', async () => {
    for (const url of ['/health/ready', '/api/health/ready']) expect((await app.inject(url)).json()).toEqual({ status: 'ok', db: 'ok' });
    app.lifecycle.draining = true;
    try {
      for (const url of ['/health', '/health/ready', '/api/health', '/api/health/ready']) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toMatchObject({ code: 'DRAINING' });
        expect(res.headers['retry-after']).toBe('1');
      }
      for (const url of ['/health/live', '/api/health/live']) expect((await app.inject(url)).json()).toEqual({ status: 'ok' });
    } finally {
      app.lifecycle.draining = false;
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
      // OpenAPI writes path parameters as {name}; a route may be GET, POST, PUT or PATCH.
      const url = route.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[url]?.get ?? doc.paths[url]?.post ?? doc.paths[url]?.put ?? doc.paths[url]?.patch;
      expect(operation, url).toBeDefined();
      expect(operation?.tags?.length, url).toBeGreaterThan(0);
      // A success answer is described: 200, or 201 where the route creates (POST /api/v1/payments).
      expect(
        Object.keys(operation?.responses ?? {}).some((status) => status === '200' || status === '201'),
        url,
      ).toBe(true);
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

  it('counts a route however its path is spelled: encoded letters anywhere in it', async () => {
    const app = await buildTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const spellings = [
        '/api/control/get-games-data',
        '/%61pi/control/get-games-data',
        '/%61%70%69/control/get-games-data',
        '/api/control/get-games-dat%61',
      ];
      const codes = [];
      for (const url of spellings) codes.push((await app.inject(url)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('an encoded path does not escape the staff login limit (40 wrong passwords, then the right one)', async () => {
    const admin = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };
    const app = await buildTestApp({ ...admin, AUTH_RATE_LIMIT_MAX: '20' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const res = await app.inject({
          method: 'POST',
          url: '/%61pi/staff/login',
          payload: { email: admin.ADMIN_EMAIL, password: `wrong-password-${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(20);
      const right = await app.inject({
        method: 'POST',
        url: '/%61pi/staff/login',
        payload: { email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD },
      });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await app.close();
    }
  });

  it('behind TRUST_PROXY=1 a client cannot pick its own address with X-Forwarded-For', async () => {
    for (const trust of ['1', 'true', '127.0.0.1/8']) {
      const app = await buildTestApp({ RATE_LIMIT_MAX: '2', TRUST_PROXY: trust });
      try {
        const codes = [];
        // The client writes the left entries; the proxy in front appends the address it saw.
        for (let i = 0; i < 3; i += 1) {
          const res = await app.inject({ url: '/api/control/get-games-data', headers: { 'x-forwarded-for': `10.9.9.${i}, 203.0.113.7` } });
          codes.push(res.statusCode);
        }
        expect(codes, trust).toEqual([200, 200, 429]);
        // Another real client behind the same proxy has its own count.
        const other = await app.inject({ url: '/api/control/get-games-data', headers: { 'x-forwarded-for': '203.0.113.8' } });
        expect(other.statusCode, trust).toBe(200);
      } finally {
        await app.close();
      }
    }
  });
});
