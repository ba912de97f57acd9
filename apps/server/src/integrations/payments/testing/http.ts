// Shared plumbing of the local payment-provider servers: node:http on 127.0.0.1, random port.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** Origin of the server, e.g. `http://127.0.0.1:43117`. */
  url: string;
  close: () => Promise<void>;
}

export type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>;

/** Listens on 127.0.0.1 at a random port; an uncaught handler error answers 500. */
export async function listen(handler: Handler): Promise<LocalServer> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        await handler(req, await readBody(req), res);
      } catch (error) {
        if (!res.headersSent) sendJson(res, 500, { error: String(error) });
        else res.end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The Basic-auth pair of a request, or undefined. */
export function basicAuth(req: IncomingMessage): { user: string; password: string } | undefined {
  const match = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Remembers the first answer per idempotency key, as the real APIs do: the same key with the
 * same request replays that answer; the same key with a different request is a conflict.
 */
export class IdempotencyCache<T> {
  private readonly entries = new Map<string, { fingerprint: string; answer: T }>();

  lookup(key: string, fingerprint: string): { kind: 'new' } | { kind: 'replay'; answer: T } | { kind: 'conflict' } {
    const entry = this.entries.get(key);
    if (!entry) return { kind: 'new' };
    return entry.fingerprint === fingerprint ? { kind: 'replay', answer: entry.answer } : { kind: 'conflict' };
  }

  remember(key: string, fingerprint: string, answer: T): void {
    this.entries.set(key, { fingerprint, answer });
  }
}
