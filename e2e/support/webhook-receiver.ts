import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An event as a game server receives it, with the headers it came with. */
export interface ReceivedEvent {
  id: string;
  type: string;
  data: { paymentId?: string; refund?: { amountMinor: number; whole: boolean } } & Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

/** A game server's webhook endpoint on a free local port: keeps every event it is posted and answers 200. */
export async function startWebhookReceiver() {
  const received: ReceivedEvent[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      try {
        received.push({ ...(JSON.parse(body) as Omit<ReceivedEvent, 'headers'>), headers: request.headers });
      } catch {
        /* not an event: not recorded */
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/portal-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
