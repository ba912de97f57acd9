import type { TOkAnswer, TSetUserAuthStateBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const setUserAuthState = (body: TSetUserAuthStateBody) => apiPost<TOkAnswer>(api.setUserAuthState(), body);
