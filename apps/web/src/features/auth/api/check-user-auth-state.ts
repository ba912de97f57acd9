import type { TCheckUserAuthStateAnswer } from '@portal/contracts/auth';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const checkUserAuthState = (id: string, signal?: AbortSignal) =>
  apiGet<TCheckUserAuthStateAnswer>(api.checkUserAuthState(id), signal);

export const checkUserAuthStateKey = (id: string) => ['auth', 'check-user-auth-state', id] as const;
