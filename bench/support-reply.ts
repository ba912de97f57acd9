// Live support updates: time from a staff reply to the player's open event stream receiving it.
// 1. Starts the product as `npm start` does (embedded PGlite; BENCH_DATABASE_URL=postgres://...
//    runs it over PostgreSQL, where events go through LISTEN/NOTIFY), with a staff admin.
// 2. A guest (Temp-User-Id) creates a ticket and opens GET /api/support/events.
// 3. Staff posts BENCH_REPLIES (50) replies one at a time; for each, the time from sending the
//    reply to the player's stream delivering its `message` event: median and p95 (and the
//    reply call's own answer time, for comparison).
// Usage: npm run support-reply -w bench
import { describeTimings, json, onPostgres, staffToken, startBenchProduct } from './lib.ts';

const port = Number(process.env.BENCH_PORT ?? 8294);
const replies = Number(process.env.BENCH_REPLIES ?? 50);

function form(data: unknown): FormData {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  return body;
}

const server = await startBenchProduct(port);
const controller = new AbortController();
try {
  const { url } = server;
  const staff = { authorization: `Bearer ${await staffToken(url)}` };
  const guest = crypto.randomUUID();
  const created = await json<{ data: { id: string } }>(
    await fetch(`${url}/api/support/create-ticket`, {
      method: 'POST',
      headers: { 'temp-user-id': guest, project: 'familytown' },
      body: form({ title: 'bench', text: '<p>Where is my drop?</p>' }),
    }),
  );
  const ticketId = created.data.id;

  // The player's stream: resolve the waiter of each reply as its message arrives.
  const waiting = new Map<string, (at: number) => void>();
  const stream = await fetch(`${url}/api/support/events?tempUserId=${guest}`, { signal: controller.signal });
  if (!stream.ok || !stream.body) throw new Error(`events: ${stream.status}`);
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of stream.body!) {
      const at = performance.now();
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const line = block.split('\n').find((l) => l.startsWith('data: '));
        if (!line) continue;
        const event = JSON.parse(line.slice(6)) as { type: string; message?: { text: string; author: string } };
        if (event.type === 'ready') ready();
        const key = event.type === 'message' && event.message?.author === 'staff' ? event.message.text : undefined;
        if (key) waiting.get(key)?.(at);
      }
    }
  })().catch(() => undefined);
  await isReady;

  const delivery: number[] = [];
  const answer: number[] = [];
  for (let i = 0; i < replies; i++) {
    const text = `<p>reply ${i}</p>`;
    const received = new Promise<number>((resolve, reject) => {
      waiting.set(text, resolve);
      setTimeout(() => reject(new Error(`reply ${i} never reached the stream`)), 10_000).unref();
    });
    const started = performance.now();
    const response = await fetch(`${url}/api/staff/tickets/${ticketId}/messages`, { method: 'POST', headers: staff, body: form({ text }) });
    answer.push(performance.now() - started);
    await json(response);
    delivery.push((await received) - started);
    waiting.delete(text);
  }
  const backend = onPostgres() ? 'PostgreSQL (LISTEN/NOTIFY)' : 'PGlite (in-process bus)';
  console.log(`support reply -> player SSE over ${backend}, ${replies} replies`);
  console.log(`  delivered: ${describeTimings(delivery)}`);
  console.log(`  reply call answered: ${describeTimings(answer)}`);
} finally {
  controller.abort();
  await server.stop();
}
