import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSignIn, storeSignIn } from '@/shared/auth/auth-store';
import { createGameUserAuth } from './user-auth';

const PLAYER = { userId: 'u-1', nickName: 'Nick', currentAuthType: 'email' as const, jwt: 'portal-session-jwt' };
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createGameUserAuth', () => {
  let now = Date.parse('2026-11-24T12:00:00Z');
  let gameUserAuth = createGameUserAuth(() => now);
  beforeEach(() => {
    localStorage.clear();
    gameUserAuth = createGameUserAuth(() => now);
  });
  afterEach(() => {
    clearSignIn();
    vi.restoreAllMocks();
  });

  it('hands a game its own token of the player, never the portal session, and asks again near expiry', async () => {
    storeSignIn(PLAYER);
    let minted = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      expect(String(input)).toBe('/api/auth/game-token');
      expect(JSON.parse(String(init?.body))).toEqual({ project: 'familytown' });
      minted += 1;
      return answer({ data: { jwt: `game-jwt-${minted}`, expiresAt: new Date(now + 12 * 3600_000).toISOString() } });
    });
    const first = await gameUserAuth('familytown');
    expect(first).toMatchObject({ userId: 'u-1', currentAuthType: 'email', jwt: 'game-jwt-1' });
    expect(JSON.stringify(first)).not.toContain('portal-session-jwt');
    // cached while it lives
    expect((await gameUserAuth('familytown')).jwt).toBe('game-jwt-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // ten minutes before it runs out, a fresh one
    now += 12 * 3600_000 - 10 * 60_000;
    expect((await gameUserAuth('familytown')).jwt).toBe('game-jwt-2');
  });

  it('signed out: no call, no token; a failed call gives the player without a token', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ code: 'UNAVAILABLE', message: 'down' }, 503));
    expect(await gameUserAuth('familytown')).toMatchObject({ currentAuthType: 'unauthorized', jwt: null });
    expect(fetchMock).not.toHaveBeenCalled();
    storeSignIn(PLAYER);
    expect(await gameUserAuth('familytown')).toMatchObject({ userId: 'u-1', jwt: null });
  });
});
