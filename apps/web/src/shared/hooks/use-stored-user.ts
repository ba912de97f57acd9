import { useMemo, useSyncExternalStore } from 'react';
import { parseStoredUser, readStoredUserRaw, subscribeAuth, type StoredUser } from '../auth/auth-store';

export type { StoredUser };

/** The signed-in player as stored by the auth screens (null when signed out). */
export function useStoredUser(): StoredUser | null {
  const raw = useSyncExternalStore(subscribeAuth, readStoredUserRaw, () => null);
  return useMemo(() => parseStoredUser(raw), [raw]);
}
