import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZConsoleProjectDetail } from '@portal/contracts/catalog-console';
import { buildTestApp } from '../test/app.ts';
import { solvedCaptcha } from '../test/altcha.ts';
import {
  badRequests,
  credentialsFor,
  describeFailure,
  injectSender,
  isDestructive,
  runBadRequests,
  statusSummary,
  type Credentials,
  type OpenApiDocument,
  type Operation,
  type Send,
} from '../test/bad-input.ts';

/**
 * The bad-input barrage with state: every operation is sent malformed as a signed-in player, an
 * admin, a catalogue editor and a game server, each with real ids of its own (a payment, a
 * ticket, a project with its game and an item), at least 40,000 requests. None may answer 5xx,
 * and afterwards what those identities own is as it was: the player signs in and reads their
 * payment and ticket, the project, its game and its item are unchanged, the key still works.
 * Operations that end an identity (sign-out, account deletion, key revocation, disabling) are the
 * plain suite's (bad-input.test.ts): here they would end what is being checked.
 */
const ADMIN = { email: 'stateful-admin@portal.localhost', password: 'Stateful123' };
const EDITOR = { email: 'stateful-editor@portal.localhost', password: 'Stateful123' };
const PLAYER_PASSWORD = 'Secret2024';
const PROJECT = 'stateful';

describe('bad input with state: four identities, their own ids', () => {
  let app: FastifyInstance;
  let send: Send;
  let player: Credentials;
  let editor: string;
  let playerEmail: string;

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const json = async (url: string, headers: Record<string, string>) => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<Record<string, unknown>>();
  };
  /** What the identities own, as their own reads show it. */
  const owned = async () => ({
    payment: await json(`/api/v1/payments/${player.ids!.paymentId}`, as(player.apiKey)),
    ticket: ((await json(`/api/support/get-ticket?id=${player.ids!.ticketId}`, as(player.player))).data as { messages: unknown[] })
      .messages[0],
    project: ZConsoleProjectDetail.parse((await json(`/api/staff/catalog/projects/${PROJECT}`, as(editor))).data),
  });

  beforeAll(async () => {
    app = await buildTestApp(
      {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        RATE_LIMIT_MAX: '10000000',
        AUTH_RATE_LIMIT_MAX: '10000000',
        GAME_API_RATE_LIMIT_MAX: '10000000',
        CODE_MAILS_PER_IP_HOUR: '0',
        CODE_MAILS_PER_EMAIL_DAY: '0',
        CODE_MAILS_PER_HOUR: '0',
        ALTCHA_MAX_NUMBER: '2000',
        SSE_MAX_PER_CLIENT: '0',
        SSE_MAX_PER_ADDRESS: '0',
      },
      // No jobs: a webhook address the barrage happens to save is never called.
      { jobs: false },
    );
    send = injectSender(app);
    await app.staff.service.createAccount(EDITOR.email, EDITOR.password, 'catalog');
    editor = (await app.inject({ method: 'POST', url: '/api/staff/login', payload: EDITOR })).json<{ token: string }>().token;

    // The editor's project, its game and an item, each saved once more so none is at version 1:
    // a request that happens to be well formed names version 1 and meets a conflict.
    const create = await app.inject({
      method: 'POST',
      url: '/api/staff/catalog/projects',
      headers: as(editor),
      payload: { name: PROJECT },
    });
    expect(create.statusCode, create.body).toBe(201);
    const price = await app.inject({
      method: 'POST',
      url: `/api/staff/catalog/projects/${PROJECT}/prices`,
      headers: as(editor),
      payload: { id: 'st-gold-10', titles: { en: 'Gold', ru: 'Золото' }, ruValue: 99, enValue: 1.49 },
    });
    expect(price.statusCode, price.body).toBe(201);
    const patch = async (url: string, body: object) => {
      const res = await app.inject({ method: 'PATCH', url, headers: as(editor), payload: body });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    };
    await patch(`/api/staff/catalog/projects/${PROJECT}`, { version: 1, paymentsMethods: ['stripe', 'yookassa'], authMethods: ['mail'] });
    await patch(`/api/staff/catalog/projects/${PROJECT}/game`, {
      version: 1,
      localization: { en: { name: 'Stateful', cardDescription: 'A game', fullDescription: 'A game' } },
    });
    await patch('/api/staff/catalog/prices/st-gold-10', { version: 1, sortOrder: 1 });

    // The player, a payment and a ticket of theirs, through the API; the game server's key.
    player = await credentialsFor(send, ADMIN, PROJECT, { priceId: 'st-gold-10' });
    player.ids = { ...player.ids, project: PROJECT, priceId: 'st-gold-10' };
    playerEmail = ((await json('/api/user/get-profile', as(player.player))).data as { email: string }).email;
  }, 120_000);
  afterAll(() => app?.close());

  it('answers 40,000 malformed requests from a player, an admin, a catalogue editor and a game server with no 5xx, and what they own is intact', async () => {
    const before = await owned();
    const doc = (await app.inject('/api/openapi.json')).json() as OpenApiDocument;
    const kept = (operation: Operation) => !isDestructive(operation);
    const staffOnly = (operation: Operation) => kept(operation) && operation.path.startsWith('/api/staff/');
    // Player, game server and admin (the staff token of the credentials), then the catalogue editor on the staff routes.
    const requests = [
      ...badRequests(doc, player, { seed: 20261128, perOperation: 300, only: kept }),
      ...badRequests(doc, { ...player, staff: editor }, { seed: 20261129, perOperation: 300, only: staffOnly }),
    ];
    expect(requests.length).toBeGreaterThanOrEqual(40_000);

    const result = await runBadRequests(requests, send, 20);
    const fiveHundreds = result.failures.filter((f) => !f.answer || f.answer.status >= 500).length;
    console.log(`bad-input (stateful): ${result.sent} requests, ${fiveHundreds} 5xx (${statusSummary(result.byStatus)})`);
    if (result.failures.length) console.log(result.failures.slice(0, 30).map(describeFailure).join('\n\n'));
    expect(result.sent).toBeGreaterThanOrEqual(40_000);
    expect(result.failures.slice(0, 50).map((f) => `${f.reason} — ${f.request.label}`)).toEqual([]);

    // What they own is as it was. (The player's own calls may have moved the payment on, paying
    // it in the sandbox as the demo allows: what it is for and costs, and whose it is, stay.)
    const after = await owned();
    const fixed = ['paymentId', 'project', 'userId', 'priceId', 'amount', 'amountMinor', 'currency', 'payload', 'createdAt'];
    const pick = (payment: Record<string, unknown>) => Object.fromEntries(fixed.map((key) => [key, payment[key]]));
    expect(pick(after.payment)).toEqual(pick(before.payment));
    expect(['none', 'pending', 'paid', 'fail']).toContain(after.payment.status);
    expect(after.payment.status === 'paid').toBe(after.payment.paidAt !== null);
    expect(after.ticket).toEqual(before.ticket);
    expect(after.project.project).toEqual(before.project.project);
    expect(after.project.game).toEqual(before.project.game);
    expect(after.project.prices.find((item) => item.id === 'st-gold-10')).toEqual(
      before.project.prices.find((item) => item.id === 'st-gold-10'),
    );

    // And each identity still works: the player signs in with their password (from a fresh
    // address, with the robot check their account's failures may ask for), the key creates a
    // payment, the admin and the editor sign in.
    const email = playerEmail;
    const fresh = '198.51.100.31';
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login-by-email',
      remoteAddress: fresh,
      payload: { email, password: PLAYER_PASSWORD, altcha: await solvedCaptcha(app, fresh) },
    });
    expect(login.json<{ data: { result?: { userId: string } } }>().data.result?.userId, login.body).toBe(player.ids!.userId);
    const payment = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: as(player.apiKey),
      payload: { userId: player.ids!.userId, priceId: 'st-gold-10' },
    });
    expect(payment.statusCode, payment.body).toBe(201);
    for (const [who, credentials] of [
      ['admin', ADMIN],
      ['editor', EDITOR],
    ] as const) {
      const at = who === 'admin' ? '198.51.100.32' : '198.51.100.33';
      const res = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        remoteAddress: at,
        payload: { ...credentials, altcha: await solvedCaptcha(app, at) },
      });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
    }
  }, 600_000);
});
