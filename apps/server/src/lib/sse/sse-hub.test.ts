import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamSlots } from '../stream-slots.ts';
import { errorHandlerPlugin } from '../../plugins/error-handler.ts';
import { SseHub } from './sse-hub.ts';

describe('SseHub', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  const closed: string[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function serve(hub: SseHub) {
    const app = Fastify();
    apps.push(app);
    app.get('/events', async (request, reply) => {
      const stream = hub.open(request, reply);
      stream.onClose(() => closed.push(request.method));
    });
    // As buildApp does: open streams end before the server waits for connections.
    app.addHook('preClose', async () => hub.closeAll());
    return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  }

  async function readUntil(body: ReadableStream<Uint8Array>, done: (text: string) => boolean): Promise<string> {
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of body) {
      text += decoder.decode(chunk, { stream: true });
      if (done(text)) break;
    }
    return text;
  }

  it('sends ready, then heartbeats on an idle stream', async () => {
    const hub = new SseHub(30);
    const { url } = await serve(hub);
    const controller = new AbortController();
    const response = await fetch(`${url}/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    const text = await readUntil(response.body!, (t) => (t.match(/: heartbeat/g) ?? []).length >= 2);
    expect(text).toContain('event: ready\ndata: {"type":"ready"}\n\n');
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hub.size).toBe(0);
  });

  it('hubs sharing slots refuse a stream past a cap with 429 before it starts, and a closed stream frees its slot', async () => {
    const slots = new StreamSlots({ perClient: 1, perAddress: 0, total: 0 });
    const support = new SseHub(60_000, slots);
    const payments = new SseHub(60_000, slots);
    const app = Fastify();
    apps.push(app);
    await app.register(errorHandlerPlugin);
    app.get<{ Params: { hub: string; client: string } }>('/:hub/:client', async (request, reply) => {
      (request.params.hub === 'support' ? support : payments).open(request, reply, request.params.client);
    });
    app.addHook('preClose', async () => {
      support.closeAll();
      payments.closeAll();
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const first = new AbortController();
    expect((await fetch(`${url}/support/user:a`, { signal: first.signal })).status).toBe(200);
    const refused = await fetch(`${url}/payments/user:a`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_STREAMS' });
    expect(payments.size).toBe(0);
    first.abort();
    for (let tries = 0; tries < 100 && slots.size > 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(slots.size).toBe(0);
    const again = new AbortController();
    expect((await fetch(`${url}/payments/user:a`, { signal: again.signal })).status).toBe(200);
    expect(slots.size).toBe(1);
    // The app closing ends the stream and frees its slot too.
    await app.close();
    expect(slots.size).toBe(0);
    again.abort();
  });

  it('ends open streams when the app closes, so closing does not hang', async () => {
    const hub = new SseHub(60_000);
    const { app, url } = await serve(hub);
    const response = await fetch(`${url}/events`);
    const ended = readUntil(response.body!, () => false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hub.size).toBe(1);
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await ended).toContain('event: ready');
    expect(hub.size).toBe(0);
  });

  it('answers HEAD with the headers and holds no stream open for it', async () => {
    const hub = new SseHub(60_000);
    const { url } = await serve(hub);
    closed.length = 0;
    const response = await fetch(`${url}/events`, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(hub.size).toBe(0);
    // The route's clean-up (unsubscribing from events) runs even though the stream closed before it asked.
    expect(closed).toEqual(['HEAD']);
  });
});
