import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SignInError, type SignInProfile } from './types.ts';

/** The Telegram user, as the login widget reports it. */
export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
}

export interface TelegramLoginOptions {
  botToken: string;
  /** How old `auth_date` may be; Telegram's example uses one day. */
  maxAgeSeconds?: number;
  now?: Date;
}

const ID = 'telegram';
const MAX_FIELDS = 20;
const MAX_VALUE_LENGTH = 2048;
// A widget clock a little ahead of ours is not an attack.
const FUTURE_SKEW_SECONDS = 60;

function refuse(reason: 'invalid_request' | 'signature_invalid' | 'stale', message: string): never {
  throw new SignInError(ID, reason, message);
}

/**
 * Checks the login widget's data by Telegram's documented algorithm
 * (core.telegram.org/widgets/login#checking-authorization): the data-check-string is every
 * received field but `hash`, as `key=value` lines sorted by key; the secret key is
 * SHA-256(bot token); the hash is the hex HMAC-SHA-256 of the string under that key.
 */
export function verifyTelegramLogin(userData: unknown, options: TelegramLoginOptions): TelegramUser {
  if (typeof userData !== 'object' || userData === null || Array.isArray(userData)) {
    refuse('invalid_request', 'Telegram login data must be an object');
  }
  const entries = Object.entries(userData);
  if (entries.length > MAX_FIELDS) refuse('invalid_request', 'Too many Telegram login fields');
  const fields = new Map<string, string>();
  for (const [key, value] of entries) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number') {
      refuse('invalid_request', `Telegram login field ${key} is not a string or number`);
    }
    const text = String(value);
    if (text.length > MAX_VALUE_LENGTH) refuse('invalid_request', `Telegram login field ${key} is too long`);
    fields.set(key, text);
  }

  const hash = fields.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) refuse('invalid_request', 'Telegram login data has no valid hash');
  fields.delete('hash');
  const dataCheckString = [...fields.keys()]
    .sort()
    .map((key) => `${key}=${fields.get(key)}`)
    .join('\n');
  const secretKey = createHash('sha256').update(options.botToken).digest();
  const expected = createHmac('sha256', secretKey).update(dataCheckString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) {
    refuse('signature_invalid', 'Telegram login hash does not match');
  }

  // Only signed data is read from here on.
  const authDate = Number(fields.get('auth_date'));
  const id = Number(fields.get('id'));
  const firstName = fields.get('first_name');
  if (!Number.isSafeInteger(authDate) || !Number.isSafeInteger(id) || !firstName) {
    refuse('invalid_request', 'Telegram login data lacks id, first_name or auth_date');
  }
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const age = nowSeconds - authDate;
  if (age > (options.maxAgeSeconds ?? 86_400) || age < -FUTURE_SKEW_SECONDS) {
    refuse('stale', 'Telegram login data is too old');
  }

  const user: TelegramUser = { id, first_name: firstName, auth_date: authDate };
  const lastName = fields.get('last_name');
  if (lastName) user.last_name = lastName;
  const username = fields.get('username');
  if (username) user.username = username;
  const photoUrl = fields.get('photo_url');
  if (photoUrl) user.photo_url = photoUrl;
  return user;
}

/** Telegram gives no e-mail; the name is what the person shows in Telegram. */
export function telegramProfile(user: TelegramUser): SignInProfile {
  return {
    providerUserId: String(user.id),
    name: [user.first_name, user.last_name].filter(Boolean).join(' '),
  };
}
