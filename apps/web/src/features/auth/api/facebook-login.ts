import type { TFacebookLoginBody, TSignedInAnswer } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** A refused token is this sign-in's failure, never a sign-out. */
export const facebookLogin = (body: TFacebookLoginBody) =>
  apiPost<TSignedInAnswer>(api.facebookLogin(), body, { reactToUnauthorized: false });
