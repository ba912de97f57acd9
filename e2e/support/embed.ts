import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { freePort, startProduct } from './product';

/**
 * EMBED's setup: a host game on another origin (a tiny node http server on 127.0.0.1) that
 * frames the portal's service screens and records every window message it receives with the
 * sender's origin, and a product of its own that allows one such host origin and not another.
 */

export interface HostServer {
  origin: string;
  /** The host page framing `src` (an absolute URL of the product). */
  pageUrl(src: string): string;
  close(): Promise<void>;
}

const HOST_PAGE = (src: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Host game</title></head>
<body>
<h1>Host game</h1>
<iframe id="service" title="Portal service" src="${src.replace(/"/g, '&quot;')}" style="width:760px;height:960px;border:0"></iframe>
<script>
  window.hostMessages = [];
  window.addEventListener('message', function (event) {
    window.hostMessages.push({ origin: event.origin, data: event.data });
  });
</script>
</body>
</html>`;

/** Serves the host page at `/?src=<url>` on 127.0.0.1 (a different origin and site than localhost). */
export async function startHostServer(port?: number): Promise<HostServer> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const src = url.searchParams.get('src');
    if (!src || !/^https?:\/\//.test(src)) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('src missing');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(HOST_PAGE(src));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl: (src) => `${origin}/?src=${encodeURIComponent(src)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface HostMessage {
  origin: string;
  data: { type?: string; result?: Record<string, unknown> } & Record<string, unknown>;
}

/** The messages the host page has received so far. */
export const hostMessages = (page: Page) => page.evaluate(() => (window as unknown as { hostMessages: HostMessage[] }).hostMessages);

interface EmbedWorld {
  baseURL: string;
  /** A host whose origin is in ALLOWED_GAME_ORIGINS. */
  allowedHost: HostServer;
  /** A host whose origin is not. */
  otherHost: HostServer;
}

/** Free ports near EMBED's range when they are free, else any. */
async function hostPort(preferred: number): Promise<number> {
  const probe = createServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  return free ? preferred : freePort();
}

export const test = base.extend<{ allowedHost: HostServer; otherHost: HostServer }, { embed: EmbedWorld }>({
  embed: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const allowedHost = await startHostServer(await hostPort(8262 + workerInfo.workerIndex * 2));
      const otherHost = await startHostServer(await hostPort(8263 + workerInfo.workerIndex * 2));
      const product = await startProduct({
        ALLOWED_GAME_ORIGINS: allowedHost.origin,
        ADMIN_EMAIL: 'admin@portal.test',
        ADMIN_PASSWORD: 'Admin-e2e-2026',
        FAILED_ATTEMPT_LIMIT: '1000',
        AUTH_RATE_LIMIT_MAX: '100000',
      });
      await use({ baseURL: product.baseURL, allowedHost, otherHost });
      await product.stop();
      await allowedHost.close();
      await otherHost.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ embed }, use) => use(embed.baseURL),
  allowedHost: async ({ embed }, use) => use(embed.allowedHost),
  otherHost: async ({ embed }, use) => use(embed.otherHost),
});

export { expect };

/** A host session as a game server opens one (POST /api/session/get). */
export async function hostSession(
  request: APIRequestContext,
  project: string,
  source = 'web',
): Promise<{ loginUrl: string; session: string }> {
  const response = await request.post('/api/session/get', { data: { source, locale: 'en', project } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { loginUrl: string; session: string } }).data;
}

/** base64url JSON of a result page, as a host or a native app decodes it. */
export const decodeResultSegment = (value: string) =>
  JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, unknown>;
