import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type LocalServer } from '../payments/testing/http.ts';
import { PermanentJobError } from '../../lib/jobs/queue.ts';
import { publicOnlyWebhookFetch } from './public-only-fetch.ts';

const post = (body: string) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body,
  redirect: 'manual' as const,
  signal: AbortSignal.timeout(5_000),
});

describe('publicOnlyWebhookFetch', () => {
  let receiver: LocalServer;
  const hosts: string[] = [];

  beforeAll(async () => {
    receiver = await listen((req, _body, res) => {
      hosts.push(String(req.headers.host));
      res.writeHead(200).end('ok');
    });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const port = () => new URL(receiver.url).port;

  it('refuses a name that resolves inside our network, without a connection', async () => {
    const before = hosts.length;
    const send = publicOnlyWebhookFetch(async () => [{ address: '127.0.0.1' }]);
    const error = await send(`http://hook.game.example:${port()}/hook`, post('{}')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect((error as Error).message).toMatch(/hook\.game\.example resolves to 127\.0\.0\.1/);
    expect(hosts.length).toBe(before);
  });

  it('refuses localhost, literal non-public addresses and NAT64 spellings of them before any lookup', async () => {
    let asked = 0;
    const send = publicOnlyWebhookFetch(async () => {
      asked += 1;
      return [{ address: '93.184.216.34' }];
    });
    for (const url of [
      `http://127.0.0.1:${port()}/`,
      `http://localhost:${port()}/`,
      'http://[64:ff9b::7f00:1]/',
      'http://[::ffff:10.0.0.1]/',
    ]) {
      await expect(send(url, post('{}')), url).rejects.toBeInstanceOf(PermanentJobError);
    }
    expect(asked).toBe(0);
  });

  it('connects to exactly the address it checked: one resolution per connection, the name kept as Host', async () => {
    // A policy that lets loopback through stands for "a public address" here: the name is not in
    // any DNS, so reaching the receiver proves the socket went to the checked address.
    const answers = ['127.0.0.1', '10.9.9.9'];
    let asked = 0;
    const send = publicOnlyWebhookFetch(
      async () => [{ address: answers[Math.min(asked++, answers.length - 1)]! }],
      (address) => address !== '127.0.0.1',
    );
    const response = await send(`http://rebind.game.example:${port()}/hook`, post('{"a":1}'));
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(asked).toBe(1);
    expect(hosts.at(-1)).toBe(`rebind.game.example:${port()}`);
  });

  it('leaves a failed lookup retryable', async () => {
    const send = publicOnlyWebhookFetch(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND gone.game.example'), { code: 'ENOTFOUND' });
    });
    const error = await send('http://gone.game.example/hook', post('{}')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentJobError);
  });
});
