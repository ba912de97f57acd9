import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch } from '../../integrations/sign-in/test-http.ts';
import { buildTestApp } from '../../../test/app.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../../../test/databases.ts';
import { freePort } from '../../../test/ports.ts';
import { startRoundRobin, type RoundRobin } from '../../../test/round-robin.ts';
import { openDatabase, type Database } from '../../db/client.ts';

/**
 * The local sign-in stand-in on two processes over one PostgreSQL behind a round-robin proxy:
 * the authorization request, its page, the form, the code exchange and the result land on
 * different processes, and the sign-in still completes (its state lives in the database).
 */
describe.skipIf(SKIP_POSTGRES)('outside sign-in across two processes', () => {
  let created: { url: string; drop(): Promise<void> };
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let proxy: RoundRobin;
  const targets: string[] = [];

  beforeAll(async () => {
    created = await createPostgresDatabase();
    proxy = await startRoundRobin(() => targets);
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase(created.url);
      databases.push(database);
      // Each process knows its own port (its stand-in calls itself over loopback); the public URL is the proxy's.
      const port = await freePort();
      const app = await buildTestApp(
        { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: proxy.url },
        { database, seed: i === 0, jobs: false },
      );
      await app.listen({ port, host: '127.0.0.1' });
      apps.push(app);
      targets.push(`http://127.0.0.1:${port}`);
    }
  }, 90_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await proxy?.close();
    await created?.drop();
  });

  it('a sign-in whose steps land on different processes completes, and its result is handed once', async () => {
    const base = proxy.url;
    const id = `${Date.now()}-b1c2d3e4`;
    const set = await fetch(`${base}/api/auth/set-user-auth-state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, session: '' }),
    });
    const secret = ((await set.json()) as { data: { secret: string } }).data.secret;

    const browse = cookieFetch();
    let here = new URL(`/passport/google?state=${encodeURIComponent(`${id}:`)}`, base);
    let response = await browse(here);
    for (let hop = 0; hop < 14 && here.pathname !== '/passport/google/callback'; hop += 1) {
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        here = new URL(location, here);
        response = await browse(here);
        continue;
      }
      const html = await response.text();
      expect(response.status, html).toBe(200);
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
      const form = html.includes('name="email"')
        ? new URLSearchParams({ name: 'Roberta', email: 'roberta@example.com', action: 'continue' })
        : new URLSearchParams(
            [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
          );
      here = new URL(action, here);
      response = await browse(here, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    }
    expect(here.pathname).toBe('/passport/google/callback');
    const page = await response.text();
    expect(response.status, page).toBe(200);
    const handoff = /data-handoff="([\w-]+)"/.exec(page)?.[1] ?? '';
    expect(handoff).toMatch(/^[\w-]{43}$/);

    const claim = () =>
      fetch(`${base}/api/auth/check-user-auth-state/${id}`, { headers: { 'auth-state-secret': secret, 'auth-state-handoff': handoff } });
    const first = (await (await claim()).json()) as { data: { authData: { result: { currentAuthType: string; jwt: string } } } };
    expect(first.data.authData.result).toMatchObject({ currentAuthType: 'google', jwt: expect.any(String) });
    expect((await claim()).status).toBe(404);
    // Both processes served the flow.
    expect(proxy.hits[0]).toBeGreaterThan(2);
    expect(proxy.hits[1]).toBeGreaterThan(2);
  });
});
