import type { TGameTokenAnswer } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** POST /api/auth/game-token: the signed-in player's token for one game (aud = its project). */
export const getGameToken = (project: string) => apiPost<TGameTokenAnswer>(api.gameToken(), { project });
