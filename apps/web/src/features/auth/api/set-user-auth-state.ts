import type { TSetUserAuthStateAnswer, TSetUserAuthStateBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const setUserAuthState = (body: TSetUserAuthStateBody) => apiPost<TSetUserAuthStateAnswer>(api.setUserAuthState(), body);
