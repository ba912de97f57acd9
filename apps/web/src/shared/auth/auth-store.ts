import type { TAuthResult } from '@portal/contracts/auth';
import { STORAGE_KEYS, type StorageKey } from '../storage-keys';
import { storage } from '../storage';

/**
 * The signed-in player (the stored auth data) and the token, kept in
 * localStorage under their storage keys. Every change goes through here, so that the header
 * and the screens of this tab hear it at once (the `storage` event only reaches other tabs).
 */
export interface StoredUser {
  userId: string;
  nickName: string;
  currentAuthType: string;
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.webAuthData || event.key === STORAGE_KEYS.accessToken) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function parseStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser>;
    return typeof value.userId === 'string' && typeof value.nickName === 'string'
      ? { userId: value.userId, nickName: value.nickName, currentAuthType: String(value.currentAuthType ?? 'email') }
      : null;
  } catch {
    return null;
  }
}

export const readStoredUserRaw = () => storage.get(STORAGE_KEYS.webAuthData);
export const getStoredUser = () => parseStoredUser(readStoredUserRaw());
export const getAccessToken = () => storage.get(STORAGE_KEYS.accessToken);

/** Stores a sign-in result: the token and the web auth data. */
export function storeSignIn(result: TAuthResult): void {
  storage.set(STORAGE_KEYS.accessToken, result.jwt);
  const user: StoredUser = { userId: result.userId, nickName: result.nickName, currentAuthType: result.currentAuthType };
  storage.set(STORAGE_KEYS.webAuthData, JSON.stringify(user));
  emit();
}

/** Updates the stored nickname (profile saved). */
export function updateStoredNickName(nickName: string): void {
  const user = getStoredUser();
  if (!user) return;
  storage.set(STORAGE_KEYS.webAuthData, JSON.stringify({ ...user, nickName }));
  emit();
}

const SIGNED_IN_KEYS: StorageKey[] = [STORAGE_KEYS.accessToken, STORAGE_KEYS.webAuthData];

let toSignIn = false;

/**
 * A rejected token sends the player to the login screen: while that navigation runs, the
 * screens that need a player must not send the now signed-out visitor to the start page,
 * which would cancel it.
 */
export const isGoingToSignIn = (): boolean => toSignIn;

/** Forgets the player on the way to the login screen; `arrived` settles once it is shown. */
export function clearSignInForLogin(arrived: Promise<unknown>): void {
  toSignIn = true;
  clearSignIn();
  void arrived.finally(() => {
    toSignIn = false;
  });
}

/** Forgets the player: token and auth data (on logout and on a 401). */
export function clearSignIn(): void {
  SIGNED_IN_KEYS.forEach((key) => storage.remove(key));
  emit();
}
