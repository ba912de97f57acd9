import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeResult } from '@portal/contracts/result-codec';
import { deliveryFor, finishSignIn } from './sign-in-delivery';
import { warningReaction } from './warnings';

const RESULT = {
  currentAuthType: 'email' as const,
  jwt: 'a.b.c',
  nickName: 'Nick',
  userId: '5f0c3c1e-1111-4222-8333-444455556666',
};

afterEach(() => vi.restoreAllMocks());

describe('sign-in delivery', () => {
  it('a host session follows the project authType; no session is the plain portal', () => {
    expect(deliveryFor(null, 'redirect')).toBe('portal');
    expect(deliveryFor('s1', 'redirect')).toBe('redirect');
    expect(deliveryFor('s1', 'postMessage')).toBe('postMessage');
    expect(deliveryFor('s1', undefined)).toBe('postMessage');
    // A mobile webview reads the result page's URL, whatever the project's type.
    expect(deliveryFor('s1', 'postMessage', 'mobile')).toBe('redirect');
    expect(deliveryFor('s1', 'postMessage', 'iOS')).toBe('redirect');
    expect(deliveryFor('s1', 'postMessage', 'web')).toBe('postMessage');
    expect(deliveryFor(null, 'postMessage', 'mobile')).toBe('portal');
  });

  it('stores the player, zeroes the attempts, merges the marker and redirects with the host token in the encoded result', async () => {
    localStorage.setItem('attempt', '4');
    localStorage.setItem('tempUserId', '0b7c3c1e-1111-4222-8333-444455556666');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((url) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            data: url === '/api/auth/host-token' ? { jwt: 'host.token.x', expiresAt: '2030-01-01T00:00:00.000Z' } : { result: true },
          }),
          { status: 200 },
        ),
      ),
    );
    const navigate = vi.fn();
    await finishSignIn(RESULT, { session: 's1', authType: 'redirect', project: 'familytown', backTo: '/games/en/', navigate });

    expect(localStorage.getItem('accessToken')).toBe('a.b.c');
    expect(JSON.parse(localStorage.getItem('webAuthData')!)).toEqual({ userId: RESULT.userId, nickName: 'Nick', currentAuthType: 'email' });
    expect(localStorage.getItem('attempt')).toBe('0');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/merge-anonymous');
    expect(JSON.parse(String(init!.body))).toEqual({ tempUserId: '0b7c3c1e-1111-4222-8333-444455556666' });
    const [supportUrl, supportInit] = fetchMock.mock.calls[1]!;
    expect(supportUrl).toBe('/api/support/merge-user-id');
    expect(new Headers(supportInit!.headers).get('Temp-User-Id')).toBe('0b7c3c1e-1111-4222-8333-444455556666');
    expect(localStorage.getItem('tempUserId')).toBeNull();
    // The host's token is asked for with the new portal session, for the host's project.
    const [hostUrl, hostInit] = fetchMock.mock.calls[2]!;
    expect(hostUrl).toBe('/api/auth/host-token');
    expect(new Headers(hostInit!.headers).get('Authorization')).toBe('Bearer a.b.c');
    expect(JSON.parse(String(hostInit!.body))).toEqual({ project: 'familytown' });

    const [to] = navigate.mock.calls[0] as [string];
    expect(to).toMatch(/^\/session\/loginDone\/[A-Za-z0-9_-]+$/);
    // The host gets its token, never the portal session (which stays in this browser).
    expect(decodeResult(to.split('/')[3])).toEqual({ ...RESULT, jwt: 'host.token.x', isError: false, session: 's1' });
    expect(localStorage.getItem('accessToken')).toBe('a.b.c');
  });

  it('tells the host the sign-in check failed, and hands it no token, when its token cannot be had', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 'PROJECT_NOT_FOUND', message: 'x' }), { status: 404 })),
    );
    const navigate = vi.fn();
    await finishSignIn(RESULT, { session: 's2', authType: 'redirect', project: 'gone', backTo: '/games/en/', navigate });
    const [to] = navigate.mock.calls.at(-1) as [string];
    const result = decodeResult(to.split('/')[3]);
    expect(result).toMatchObject({ isError: true, errorCode: 1012, session: 's2' });
    expect(JSON.stringify(result)).not.toContain('a.b.c');
  });

  it('a portal visitor goes back where they came from', async () => {
    const navigate = vi.fn();
    await finishSignIn(RESULT, {
      session: null,
      authType: 'postMessage',
      project: 'familytown',
      backTo: '/games/ru/familytown/',
      navigate,
    });
    expect(navigate).toHaveBeenCalledWith('/games/ru/familytown/', { replace: true });
  });
});

describe('warning reactions', () => {
  it('toasts or shows inline, and empties the fields each warning names', () => {
    expect(warningReaction('USER_NOT_EXIST_LOGIN_BY_EMAIL')).toEqual({
      messageKey: 'login.userNotExists',
      display: 'toast',
      clear: ['email', 'password'],
    });
    expect(warningReaction('INVALID_PASSWORD_LOGIN_BY_EMAIL')).toEqual({
      messageKey: 'login.invalidPassword',
      display: 'toast',
      clear: ['password'],
    });
    expect(warningReaction('USER_EXIST_REGISTER_BY_EMAIL')).toEqual({
      messageKey: 'login.userExists',
      display: 'inline',
      clear: ['password'],
    });
    expect(warningReaction('SEND_VERIFICATION_CODE_INCORRECT').messageKey).toBe('login.codeNotValid');
    expect(warningReaction('SEND_RECOVERY_PASSWORD_CODE_INCORRECT').display).toBe('inline');
    expect(warningReaction('USER_NOT_EXIST_RECOVERY_PASSWORD')).toEqual({ messageKey: 'login.userNotExists', display: 'toast', clear: [] });
    expect(warningReaction('PASSWORD_EXIST_ACTIVATE_NEW_PASSWORD')).toEqual({
      messageKey: 'login.passwordUsedBefore',
      display: 'toast',
      clear: [],
    });
  });
});
