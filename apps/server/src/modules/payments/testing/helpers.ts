import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { users } from '../../../db/schema.ts';
import { listen, type LocalServer } from '../../../integrations/payments/testing/http.ts';

/** A signed-in player made directly in the table; answers the id and a Bearer token. */
export async function makePlayer(
  app: FastifyInstance,
  nickName = 'Player',
): Promise<{ id: string; token: string; auth: Record<string, string> }> {
  const id = randomUUID();
  const [row] = await app.database.db
    .insert(users)
    .values({ id, nickName, email: `${id.slice(0, 8)}@players.example`, currentAuthType: 'email' })
    .returning();
  if (!row) throw new Error('no user row');
  const { jwt } = await app.accounts.service.issue(row, 'email');
  return { id, token: jwt, auth: { authorization: `Bearer ${jwt}` } };
}

/** Signs in the staff admin (ADMIN_EMAIL/ADMIN_PASSWORD of the test app) and answers its headers. */
export async function staffHeaders(app: FastifyInstance, email: string, password: string): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/api/staff/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`staff login ${res.statusCode}: ${res.body}`);
  return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
}

/** Checks `Portal-Signature: t=..,v1=..` the way a game server would. */
export function verifyPortalSignature(body: string, header: string | undefined, secret: string, toleranceSeconds = 300): boolean {
  const parts = (header ?? '').split(',').map((part) => part.split('=') as [string, string]);
  const t = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  // During a secret rotation the header carries one `v1=` per secret: any one of them may match.
  return parts
    .filter(([name]) => name === 'v1')
    .some(([, value]) => {
      const actual = Buffer.from(value ?? '');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    });
}

export interface WebhookReceiver extends LocalServer {
  /** verified deliveries, in arrival order */
  received: Array<{ id: string; type: string; data: { paymentId: string; status: string } }>;
  /** every request that arrived, refused or held ones too: its Portal-Event-Id and payment */
  attempts: Array<{ eventId: string; paymentId: string }>;
  /** deliveries refused for a bad signature */
  forged: number;
  /** the Portal-Signature header of every request, in arrival order */
  signatures: string[];
  /** answer with this status instead of 200 (e.g. 503 to make the portal retry) */
  refuseWith: number | undefined;
  /** hold every request without answering (a slow game server) */
  hang: boolean;
  /** requests held while `hang` was on */
  hanging: number;
  secret: string;
}

/** A game server's webhook endpoint that checks the signature. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const state = {
    received: [] as WebhookReceiver['received'],
    attempts: [] as WebhookReceiver['attempts'],
    forged: 0,
    signatures: [] as string[],
    refuseWith: undefined as number | undefined,
    hang: false,
    hanging: 0,
    secret: '',
  };
  const server = await listen((req, body, res) => {
    try {
      const event = JSON.parse(body) as { data?: { paymentId?: string } };
      state.attempts.push({ eventId: String(req.headers['portal-event-id']), paymentId: String(event.data?.paymentId) });
    } catch {
      /* not JSON: counted below as forged */
    }
    if (state.hang) {
      state.hanging += 1;
      return;
    }
    if (state.refuseWith) {
      res.writeHead(state.refuseWith).end();
      return;
    }
    const header = req.headers['portal-signature'];
    state.signatures.push(String(header));
    if (!verifyPortalSignature(body, typeof header === 'string' ? header : undefined, state.secret)) {
      state.forged += 1;
      res.writeHead(400).end();
      return;
    }
    state.received.push(JSON.parse(body) as WebhookReceiver['received'][number]);
    res.writeHead(200).end('ok');
  });
  return Object.assign(state, server) as unknown as WebhookReceiver & typeof state;
}
