import type { TAppleLoginBody, TSignedInAnswer } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** A refused token is this sign-in's failure, never a sign-out. */
export const appleLogin = (body: TAppleLoginBody) => apiPost<TSignedInAnswer>(api.appleLogin(), body, { reactToUnauthorized: false });
