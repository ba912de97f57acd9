import { describe, expect, it } from 'vitest';
import {
  AUTH_WARNINGS,
  AUTH_WARNING_MESSAGE_KEYS,
  isWarningAnswer,
  passportStateParam,
  ZLoginByEmailAnswer,
  ZLoginByEmailBody,
  ZTelegramLoginBody,
  ZFacebookLoginBody,
} from './auth.ts';
import { sessionLoginPath, ZSessionGetBody } from './session.ts';

describe('auth contracts', () => {
  it('maps every warning to its i18n key', () => {
    expect(Object.keys(AUTH_WARNING_MESSAGE_KEYS).sort()).toEqual([...AUTH_WARNINGS].sort());
  });

  it('normalizes the e-mail and refuses unknown fields', () => {
    expect(ZLoginByEmailBody.parse({ email: ' Fox@Example.COM ', password: 'Secret123' }).email).toBe('fox@example.com');
    expect(ZLoginByEmailBody.safeParse({ email: 'a@example.com', password: 'Secret123', role: 'admin' }).success).toBe(false);
  });

  it('tells a warning from a sign-in', () => {
    const warning = ZLoginByEmailAnswer.parse({ warningMessage: 'INVALID_PASSWORD_LOGIN_BY_EMAIL' });
    expect(isWarningAnswer(warning)).toBe(true);
    const signedIn = ZLoginByEmailAnswer.parse({
      result: { currentAuthType: 'email', jwt: 'a.b.c', nickName: 'Player-7Q4K', userId: '6f1c1c4e-8a3b-4c55-9a57-3d2a8d6f0a11' },
    });
    expect(isWarningAnswer(signedIn)).toBe(false);
  });

  it('keeps the SDK payloads as the providers send them', () => {
    expect(ZFacebookLoginBody.safeParse({ profile: { accessToken: 't', id: '1', name: 'x' } }).success).toBe(true);
    expect(ZTelegramLoginBody.safeParse({ userData: { id: 1, auth_date: 1, hash: 'a'.repeat(64) } }).success).toBe(true);
    expect(ZTelegramLoginBody.safeParse({ userData: { id: 1, auth_date: 1, hash: 'nothex' } }).success).toBe(false);
  });

  it('builds the passport state and the session login path', () => {
    expect(passportStateParam('1700000000-abc123', null)).toBe('1700000000-abc123:');
    expect(sessionLoginPath('s', 'web', 'en', 'familytown')).toBe('/session/login/s/web/en/familytown');
    expect(ZSessionGetBody.parse({ source: 'web', locale: 'en', project: 'familytown' }).platformId).toBe('web');
  });
});
