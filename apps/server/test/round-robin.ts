import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobin {
  url: string;
  /** How many requests each target answered, in the order of `targets()`. */
  hits: number[];
  /** Sends the next request to target `index` (the next after it goes on round-robin). */
  aim(index: number): void;
  close(): Promise<void>;
}

/**
 * A round-robin HTTP proxy, as a load balancer spreads requests over server processes: each
 * request goes to the next target, streamed both ways (event streams included). Answers carry
 * `x-upstream: <index>`, so a test can tell which process served what.
 */
export async function startRoundRobin(targets: () => string[]): Promise<RoundRobin> {
  const hits: number[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const list = targets();
    const index = next++ % list.length;
    hits[index] = (hits[index] ?? 0) + 1;
    const target = new URL(list[index]!);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    aim(index) {
      const count = targets().length;
      next = next - (next % count) + index;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
