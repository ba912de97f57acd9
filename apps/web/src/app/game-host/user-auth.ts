import { CURRENT_AUTH_TYPES, type CurrentAuthType } from '@portal/contracts/auth';
import { SIGNED_OUT_USER_AUTH, type TUserAuth } from '@portal/contracts/messages';
import { getAccessToken, getStoredUser } from '@/shared/auth/auth-store';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { storage } from '@/shared/storage';

const isCurrentAuthType = (value: string): value is CurrentAuthType => (CURRENT_AUTH_TYPES as readonly string[]).includes(value);

/**
 * The player as the game sees it (`userAuth`, DESIGN 4.5): the stored auth data with the
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
