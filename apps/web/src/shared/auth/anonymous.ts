import type { TMergeAnonymousBody, TOkAnswer } from '@portal/contracts/auth';
import type { TMergeUserIdResponse } from '@portal/contracts/support';
import { apiPost } from '../api/client';
import { queryClient } from '../api/query-client';
import { api } from '../paths';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';
import { notifyError } from '../ui/notify';
import { supportKeys } from '../api/query-keys';

/**
 * The anonymous marker: a random UUID sent as Temp-User-Id while signed
 * out, merged into the account once signed in and then cleared.
 */
export const getAnonymousMarker = () => storage.get(STORAGE_KEYS.tempUserId);
export const clearAnonymousMarker = () => storage.remove(STORAGE_KEYS.tempUserId);

export function ensureAnonymousMarker(): string {
  const existing = getAnonymousMarker();
  if (existing) return existing;
  const id = crypto.randomUUID();
  storage.set(STORAGE_KEYS.tempUserId, id);
  return id;
}

export const mergeAnonymous = (body: TMergeAnonymousBody) => apiPost<TOkAnswer>(api.mergeAnonymous(), body);

/** POST /support/merge-user-id: the guest's tickets (Temp-User-Id header) move to the player. */
export const mergeSupportUserId = () => apiPost<TMergeUserIdResponse>(api.supportMergeUserId());

let merging: Promise<void> | null = null;

/** Signed in with a marker: merge it (once, however many callers ask) and clear it. */
export function mergeAnonymousMarker(): Promise<void> {
  const tempUserId = getAnonymousMarker();
  if (!tempUserId) return Promise.resolve();
  merging ??= mergeAnonymous({ tempUserId })
    .then(async (answer) => {
      // The account records the guest id first, so a support merge that fails now is
      // completed by the next one (the server also moves every recorded guest id).
      const support = answer?.result === true ? await mergeSupportUserId() : null;
      if (support?.result === true) {
        clearAnonymousMarker();
        // The guest's tickets are the player's now: lists and counts asked before are stale.
        void queryClient.invalidateQueries({ queryKey: supportKeys.all });
      } else notifyError('MERGE_USER_ID_ERROR');
    })
    .catch(() => notifyError('MERGE_USER_ID_ERROR'))
    .finally(() => {
      merging = null;
    });
  return merging;
}

/** Signed out without a marker -> create one; signed in with one -> merge. */
export function syncAnonymousMarker(signedIn: boolean): Promise<void> {
  if (!signedIn) {
    ensureAnonymousMarker();
    return Promise.resolve();
  }
  return mergeAnonymousMarker();
}
