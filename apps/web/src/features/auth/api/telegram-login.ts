import type { TSignedInAnswer, TTelegramLoginBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** Refused data is this sign-in's failure, never a sign-out. */
export const telegramLogin = (body: TTelegramLoginBody) =>
  apiPost<TSignedInAnswer>(api.telegramLogin(), body, { reactToUnauthorized: false });
