import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import {
  badRequests,
  credentialsFor,
  describeFailure,
  injectSender,
  operationsOf,
  registerPlayer,
  runBadRequests,
  socketSender,
  statusSummary,
  type OpenApiDocument,
  type Send,
} from '../test/bad-input.ts';

const admin = { email: 'bad-input-admin@portal.localhost', password: 'BadInput123' };

/** Writes `raw` on a fresh socket to the listening app and reads until the server closes. */
function rawExchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('bad input from the OpenAPI document', () => {
  let app: FastifyInstance;
  let send: Send;
  beforeAll(async () => {
    app = await buildTestApp({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The limits stay on (their code runs on every odd URL) but high enough that requests reach the routes.
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      GAME_API_RATE_LIMIT_MAX: '1000000',
      CODE_MAILS_PER_IP_HOUR: '0',
      CODE_MAILS_PER_EMAIL_DAY: '0',
      CODE_MAILS_PER_HOUR: '0',
      ALTCHA_MAX_NUMBER: '2000',
    });
    send = injectSender(app);
  });
  afterAll(() => app.close());

  it('refuses a NUL character or a lone surrogate in any text with 400 naming the field (PostgreSQL cannot store them)', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/staff/login', payload: { email: 'a\u0000b@example.com', password: 'x' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'body.email: must not contain NUL characters or unpaired surrogates',
    });
    const query = await app.inject({ url: '/api/control/get-prices?project=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'querystring.project: must not contain NUL characters or unpaired surrogates',
    });
    // A lone surrogate, which jsonb refuses as an escape, is refused the same way, in a value or a key.
    const surrogate = await app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\ud83d@example.com","password":"x"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^body\.email: /) });
  });

  it('answers requests the HTTP parser refuses with { code, message } too', async () => {
    const server = await buildTestApp();
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const port = (server.server.address() as AddressInfo).port;
      const huge = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(huge).toMatch(/^HTTP\/1.1 431 /);
      expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toEqual({ code: 'HEADERS_TOO_LARGE', message: expect.any(String) });
      const broken = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab');
      expect(broken).toMatch(/^HTTP\/1.1 400 /);
      expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
    } finally {
      await server.close();
    }
  });

  it('answers at least 10,000 malformed requests to every operation with no 5xx, and still serves', async () => {
    const doc = (await app.inject('/api/openapi.json')).json() as OpenApiDocument;
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThanOrEqual(50);
    const credentials = await credentialsFor(send, admin);

    const requests = badRequests(doc, credentials, { seed: 20261125, perOperation: 150 });
    expect(requests.length).toBeGreaterThanOrEqual(10_000);
    const covered = new Set(requests.map((r) => r.label.split(':')[0]));
    expect(covered.size).toBe(operations.length);

    const result = await runBadRequests(requests, send, 20);
    // `inject` cleans a URL up as a browser would (dot segments); over a socket the paths,
    // methods and headers arrive exactly as written, and Node's own HTTP parser has its say.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const overSocket = socketSender(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const raw = requests.filter((r) => /: (path|method|query raw|header) /.test(r.label));
    const socketResult = await runBadRequests(raw, overSocket, 20);
    overSocket.close();

    const failures = [...result.failures, ...socketResult.failures];
    const sent = result.sent + socketResult.sent;
    const fiveHundreds = failures.filter((f) => !f.answer || f.answer.status >= 500).length;
    const byStatus = new Map(result.byStatus);
    for (const [status, count] of socketResult.byStatus) byStatus.set(status, (byStatus.get(status) ?? 0) + count);
    console.log(
      `bad-input: ${sent} requests (${socketResult.sent} of them over a socket), ${fiveHundreds} 5xx (${statusSummary(byStatus)})`,
    );
    if (failures.length) console.log(failures.slice(0, 30).map(describeFailure).join('\n\n'));
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(failures.slice(0, 50).map((f) => `${f.reason} — ${f.request.label}`)).toEqual([]);

    // Still serving: health, the catalogue, a new player's whole registration, staff sign-in.
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/api/control/get-games-data')).statusCode).toBe(200);
    const jwt = await registerPlayer(send, 'after-bad-input@players.example');
    const me = await app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${jwt}` } });
    expect(me.statusCode).toBe(200);
    // The barrage's failed staff sign-ins came from this test's address, which now has to solve
    // the robot check (the staff sign-in guard): the admin signs in from another one.
    const staff = await app.inject({ method: 'POST', url: '/api/staff/login', payload: admin, remoteAddress: '198.51.100.7' });
    expect(staff.statusCode, staff.body).toBe(200);
  }, 300_000);
});
