import type { TCheckUserAuthStateAnswer } from '@portal/contracts/auth';
import { AUTH_STATE_HEADERS } from '@portal/contracts/http';
import { apiRequest } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** Reads a state's result: the secret proves this window made it, the handoff that it finished here. */
export const checkUserAuthState = (id: string, secret: string, handoff: string | null, signal?: AbortSignal) =>
  apiRequest<TCheckUserAuthStateAnswer>(api.checkUserAuthState(id), {
    method: 'GET',
    signal,
    headers: { [AUTH_STATE_HEADERS.secret]: secret, ...(handoff ? { [AUTH_STATE_HEADERS.handoff]: handoff } : {}) },
  });
