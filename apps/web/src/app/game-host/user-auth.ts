import { CURRENT_AUTH_TYPES, type CurrentAuthType } from '@portal/contracts/auth-constants';
import { SIGNED_OUT_USER_AUTH } from '@portal/contracts/message-types';
import type { TUserAuth } from '@portal/contracts/messages';
import { getAccessToken, getStoredUser } from '@/shared/auth/auth-store';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { storage } from '@/shared/storage';
import { getGameToken } from './api/get-game-token';

const isCurrentAuthType = (value: string): value is CurrentAuthType => (CURRENT_AUTH_TYPES as readonly string[]).includes(value);

/**
 * The player as the game sees it (the `userAuth` window message): the stored auth data with the
 * token and the session; signed out (no user or no token) it is `currentAuthType: 'unauthorized'`.
 */
export function currentUserAuth(): TUserAuth {
  const user = getStoredUser();
  const jwt = getAccessToken();
  if (!user || !jwt) return { ...SIGNED_OUT_USER_AUTH, session: storage.get(STORAGE_KEYS.session) };
  return {
    userId: user.userId,
    nickName: user.nickName,
    // Stored data from an older build may carry a name the contract does not know: say email.
    currentAuthType: isCurrentAuthType(user.currentAuthType) ? user.currentAuthType : 'email',
    jwt,
    session: storage.get(STORAGE_KEYS.session),
  };
}

export const isSignedIn = (auth: TUserAuth): boolean => auth.currentAuthType !== SIGNED_OUT_USER_AUTH.currentAuthType;

/** A game's token is asked for again this long before it runs out. */
const GAME_TOKEN_MARGIN_MS = 10 * 60 * 1000;

/** The player as a game sees it, with that game's own token: see `createGameUserAuth`. */
export type GameUserAuth = (project: string) => Promise<TUserAuth>;

/**
 * The player as a game sees it: `currentUserAuth` with the portal's session token swapped for
 * the player's token for this game (aud = its project), which the game's server verifies with
 * the JWKS and the portal's own API refuses. The game never holds the portal session. Without
 * one (the call failed) the game gets the player with no token, and may ask again. Each game
 * host keeps its own: the token is kept until shortly before it runs out, for the same player
 * and session only.
 */
export function createGameUserAuth(now: () => number = Date.now): GameUserAuth {
  let cached: { key: string; jwt: string; expiresAt: number } | null = null;
  return async (project) => {
    const auth = currentUserAuth();
    if (!isSignedIn(auth) || !auth.jwt) return auth;
    const key = `${project}:${auth.userId}:${auth.jwt}`;
    if (cached?.key !== key || cached.expiresAt - GAME_TOKEN_MARGIN_MS <= now()) {
      try {
        const answer = await getGameToken(project);
        cached = { key, jwt: answer.jwt, expiresAt: new Date(answer.expiresAt).getTime() };
      } catch {
        return { ...auth, jwt: null };
      }
    }
    return { ...auth, jwt: cached.jwt };
  };
}
