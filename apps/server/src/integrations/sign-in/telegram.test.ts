import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { telegramProfile, verifyTelegramLogin } from './telegram.ts';

const BOT_TOKEN = '123456:TEST-fake-bot-token';
const NOW = new Date('2026-11-22T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

/** Signs widget data as Telegram does, independently of the code under test. */
function signed(data: Record<string, string | number>, botToken = BOT_TOKEN): Record<string, string | number> {
  const checkString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...data, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

const widget = {
  id: 987654321,
  first_name: 'Ivan',
  last_name: 'Petrov',
  username: 'ivan_p',
  photo_url: 'https://t.me/i/userpic/320/ivan.jpg',
  auth_date: nowSeconds - 60,
};

describe('verifyTelegramLogin', () => {
  it('accepts data signed with the bot token and returns the Telegram user', () => {
    const user = verifyTelegramLogin(signed(widget), { botToken: BOT_TOKEN, now: NOW });
    expect(user).toEqual(widget);
    expect(telegramProfile(user)).toEqual({ providerUserId: '987654321', name: 'Ivan Petrov' });
  });

  it('accepts the fields as strings, as a query string would carry them', () => {
    const data = Object.fromEntries(Object.entries(signed(widget)).map(([k, v]) => [k, String(v)]));
    expect(verifyTelegramLogin(data, { botToken: BOT_TOKEN, now: NOW }).id).toBe(987654321);
  });

  it('accepts a user without optional fields', () => {
    const user = verifyTelegramLogin(signed({ id: 5, first_name: 'A', auth_date: nowSeconds }), { botToken: BOT_TOKEN, now: NOW });
    expect(user).toEqual({ id: 5, first_name: 'A', auth_date: nowSeconds });
  });

  it('refuses tampered data', () => {
    const data = signed(widget);
    expect(() => verifyTelegramLogin({ ...data, id: 1 }, { botToken: BOT_TOKEN, now: NOW })).toThrow(/hash/);
    expect(() => verifyTelegramLogin({ ...data, username: 'admin' }, { botToken: BOT_TOKEN, now: NOW })).toThrow(/hash/);
    // A field added after signing changes the data-check-string too.
    expect(() => verifyTelegramLogin({ ...data, is_admin: 1 }, { botToken: BOT_TOKEN, now: NOW })).toThrow(/hash/);
  });

  it('refuses data signed with another bot token', () => {
    expect(() => verifyTelegramLogin(signed(widget, '999:other'), { botToken: BOT_TOKEN, now: NOW })).toThrow(
      expect.objectContaining({ reason: 'signature_invalid', statusCode: 401 }),
    );
  });

  it('refuses stale data, and data from the future', () => {
    const stale = signed({ ...widget, auth_date: nowSeconds - 86_401 });
    expect(() => verifyTelegramLogin(stale, { botToken: BOT_TOKEN, now: NOW })).toThrow(expect.objectContaining({ reason: 'stale' }));
    const shortWindow = signed({ ...widget, auth_date: nowSeconds - 600 });
    expect(() => verifyTelegramLogin(shortWindow, { botToken: BOT_TOKEN, maxAgeSeconds: 300, now: NOW })).toThrow(/too old/);
    const future = signed({ ...widget, auth_date: nowSeconds + 3600 });
    expect(() => verifyTelegramLogin(future, { botToken: BOT_TOKEN, now: NOW })).toThrow(/too old/);
  });

  it('refuses malformed input', () => {
    const options = { botToken: BOT_TOKEN, now: NOW };
    expect(() => verifyTelegramLogin(null, options)).toThrow(/object/);
    expect(() => verifyTelegramLogin([], options)).toThrow(/object/);
    expect(() => verifyTelegramLogin({ ...widget }, options)).toThrow(/hash/);
    expect(() => verifyTelegramLogin({ ...widget, hash: 'zz' }, options)).toThrow(/hash/);
    expect(() => verifyTelegramLogin({ ...signed(widget), first_name: { $ne: 1 } }, options)).toThrow(/string or number/);
    expect(() => verifyTelegramLogin(signed({ first_name: 'x', auth_date: nowSeconds }), options)).toThrow(/lacks/);
  });
});
