import { useState } from 'react';
import { ensureAnonymousMarker } from '@/shared/auth/anonymous';
import { getAccessToken } from '@/shared/auth/auth-store';

/**
 * Support is open to guests: a guest's calls carry Temp-User-Id, so the marker must
 * exist before the first support call of a visitor who is not signed in.
 */
export function useSupportIdentity(): void {
  useState(() => {
    if (!getAccessToken()) ensureAnonymousMarker();
    return true;
  });
}
