import type { TSignInNonceAnswer, TSignInNonceBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const getSignInNonce = (body: TSignInNonceBody) => apiPost<TSignInNonceAnswer>(api.signInNonce(), body);
