// The mixed load of bench/mixed-load.ts and bench/capacity.ts: catalogue reads (50 %), e-mail
// logins (10 %, argon2id each), payment creations by the game server (15 %), payment status
// reads (15 %) and ticket messages (10 %), from a world of players with a ticket each.
import { percentile } from './stats.ts';
import { createApiKey, registerPlayer } from './portal.ts';

export type MixKind = 'catalogue' | 'login' | 'create payment' | 'payment status' | 'ticket message';

export const MIX: Array<[MixKind, number]> = [
  ['catalogue', 50],
  ['login', 10],
  ['create payment', 15],
  ['payment status', 15],
  ['ticket message', 10],
];

/** What the mix acts on: a game-server API key, signed-in players with a ticket each, payments made so far. */
export interface MixWorld {
  key: string;
  players: Array<{ email: string; userId: string; jwt: string; ticketId: string }>;
  payments: string[];
}

/** A multipart/form-data body with one `data` field holding `data` as JSON (the support routes' shape). */
export function multipartData(data: unknown): { body: Buffer; type: string } {
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const body = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`,
  );
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Makes the world on the product at `url` (one process: the dev mailbox of registration is
 * its own): an API key, `playerCount` players registered by e-mail with a ticket each, and one
 * payment, so that status reads have one from the start.
 */
export async function prepareMixWorld(url: string, playerCount: number): Promise<MixWorld> {
  const world: MixWorld = { key: await createApiKey(url), players: [], payments: [] };
  for (let i = 0; i < playerCount; i += 1) {
    const player = await registerPlayer(url, `mixed-${Date.now().toString(36)}-${i}@players.example`);
    const form = multipartData({ title: 'Where are my coins', text: '<p>I paid</p>' });
    const ticket = await fetch(`${url}/api/support/create-ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player.jwt}`, 'content-type': form.type, project: 'familytown' },
      body: form.body,
    });
    const ticketId = ((await ticket.json()) as { data: { id: string } }).data.id;
    world.players.push({ email: player.email, userId: player.userId, jwt: player.jwt, ticketId });
  }
  await mixRequest(url, 'create payment', world, 0, new Map());
  return world;
}

/**
 * Sends the `n`-th request of the mix, of `kind`; true when it was answered 2xx. A failed answer
 * is counted in `failures` by kind, status and the start of its body.
 */
export async function mixRequest(url: string, kind: MixKind, world: MixWorld, n: number, failures: Map<string, number>): Promise<boolean> {
  const player = world.players[n % world.players.length]!;
  let response: Response;
  switch (kind) {
    case 'catalogue':
      response = await fetch(`${url}/api/control/get-games-data`);
      break;
    case 'login':
      response = await fetch(`${url}/api/auth/login-by-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: player.email, password: 'Secret2024' }),
      });
      break;
    case 'create payment': {
      response = await fetch(`${url}/api/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${world.key}` },
        body: JSON.stringify({ userId: player.userId, priceId: 'ft-coins-100', idempotencyKey: `mixed-${process.pid}-${n}-${Date.now()}` }),
      });
      if (response.ok) world.payments.push(((await response.clone().json()) as { paymentId: string }).paymentId);
      break;
    }
    case 'payment status': {
      const id = world.payments[n % Math.max(1, world.payments.length)];
      response = await fetch(`${url}/api/v1/payments/${id}`, { headers: { authorization: `Bearer ${world.key}` } });
      break;
    }
    case 'ticket message': {
      const form = multipartData({ ticketId: player.ticketId, text: `<p>Still waiting, message ${n}</p>` });
      response = await fetch(`${url}/api/support/send-message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${player.jwt}`, 'content-type': form.type },
        body: form.body,
      });
      break;
    }
  }
  const body = await response.text();
  if (!response.ok) {
    const what = `${kind} ${response.status} ${body.slice(0, 120)}`;
    failures.set(what, (failures.get(what) ?? 0) + 1);
  }
  return response.ok;
}

export interface MixResult {
  /** Seconds from the first request sent to the last one answered. */
  elapsed: number;
  /** Every request's time in milliseconds, by kind, in the order they finished. */
  timings: Map<MixKind, number[]>;
  /** Requests that failed (not 2xx, or no answer), by kind. */
  failed: Map<MixKind, number>;
  /** Failed requests by kind, status (or "no answer") and the start of the body. */
  failures: Map<string, number>;
}

/** Sends the mix to `url` for `seconds` with `concurrency` requests in flight. */
export async function runMix(url: string, world: MixWorld, seconds: number, concurrency: number): Promise<MixResult> {
  const deck: MixKind[] = MIX.flatMap(([kind, weight]) => new Array<MixKind>(weight).fill(kind));
  const timings = new Map<MixKind, number[]>(MIX.map(([kind]) => [kind, []]));
  const failed = new Map<MixKind, number>(MIX.map(([kind]) => [kind, 0]));
  const failures = new Map<string, number>();
  let n = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const i = n++;
        const kind = deck[(i * 37) % deck.length]!;
        const t0 = performance.now();
        const ok = await mixRequest(url, kind, world, i, failures).catch((error: unknown) => {
          const what = `${kind} no answer ${error instanceof Error ? error.message : String(error)}`;
          failures.set(what, (failures.get(what) ?? 0) + 1);
          return false;
        });
        timings.get(kind)!.push(performance.now() - t0);
        if (!ok) failed.set(kind, failed.get(kind)! + 1);
      }
    }),
  );
  return { elapsed: (Date.now() - started) / 1000, timings, failed, failures };
}

export interface MixFigures {
  requests: number;
  /** Requests answered a second. */
  throughput: number;
  p50: number;
  p99: number;
  failed: number;
  byKind: Array<{ kind: MixKind; requests: number; p50: number; p99: number; failed: number }>;
}

/** Throughput, p50 and p99 (milliseconds) of a run, overall and by kind. */
export function mixFigures(result: MixResult): MixFigures {
  const all = [...result.timings.values()].flat().sort((a, b) => a - b);
  const byKind = [...result.timings].map(([kind, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      kind,
      requests: values.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      failed: result.failed.get(kind) ?? 0,
    };
  });
  return {
    requests: all.length,
    throughput: all.length / result.elapsed,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    failed: byKind.reduce((sum, kind) => sum + kind.failed, 0),
    byKind,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Prints a run: throughput, p50 and p99 overall, the failures, then each kind. */
export function printMix(label: string, result: MixResult): MixFigures {
  const figures = mixFigures(result);
  console.log(
    `${label}: ${figures.throughput.toFixed(0)} requests/s over ${result.elapsed.toFixed(1)} s, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, ${figures.failed} failed`,
  );
  for (const [what, count] of result.failures) console.log(`  failed ${count} x ${what}`);
  for (const kind of figures.byKind) {
    console.log(
      `  ${kind.kind.padEnd(15)} ${String(kind.requests).padStart(6)} requests, p50 ${ms(kind.p50)}, p99 ${ms(kind.p99)}${kind.failed ? `, ${kind.failed} failed` : ''}`,
    );
  }
  return figures;
}
