// Live support updates: time from a staff reply to the player's open event stream receiving it.
// 1. Starts the product as `npm start` does (embedded PGlite; BENCH_DATABASE_URL=postgres://...
//    runs it over PostgreSQL, where events go through LISTEN/NOTIFY), with a staff admin.
// 2. A guest (Temp-User-Id) creates a ticket and opens GET /api/support/events.
// 3. Staff posts BENCH_REPLIES (50) replies one at a time; for each, the time from sending the
//    reply to the player's stream delivering its `message` event: median and p95 (and the
//    reply call's own answer time, for comparison).
// Usage: npm run support-reply -w bench
import { startProduct } from './lib.ts';

const port = Number(process.env.BENCH_PORT ?? 8294);
const replies = Number(process.env.BENCH_REPLIES ?? 50);
const admin = { email: 'bench-admin@portal.localhost', password: 'BenchAdmin123' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function form(data: unknown): FormData {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  return body;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const env: Record<string, string> = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, RATE_LIMIT_MAX: '0' };
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
const server = await startProduct(port, env);
const controller = new AbortController();
try {
  const { url } = server;
  const login = await json<{ token?: string; data?: { token: string } }>(
    await fetch(`${url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    }),
  );
  const staff = { authorization: `Bearer ${login.data?.token ?? login.token}` };
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
  delivery.sort((a, b) => a - b);
  answer.sort((a, b) => a - b);
  const backend = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (LISTEN/NOTIFY)' : 'PGlite (in-process bus)';
  console.log(`support reply -> player SSE over ${backend}, ${replies} replies`);
  console.log(`  delivered: median ${percentile(delivery, 50).toFixed(1)} ms, p95 ${percentile(delivery, 95).toFixed(1)} ms, max ${delivery.at(-1)!.toFixed(1)} ms`);
  console.log(`  reply call answered: median ${percentile(answer, 50).toFixed(1)} ms, p95 ${percentile(answer, 95).toFixed(1)} ms`);
} finally {
  controller.abort();
  await server.stop();
}
