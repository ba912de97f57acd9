import { useMutation } from '@tanstack/react-query';
import type { TRecoveryPasswordAnswer, TRecoveryPasswordBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const recoveryPassword = (body: TRecoveryPasswordBody) => apiPost<TRecoveryPasswordAnswer>(api.recoveryPassword(), body);

export const useRecoveryPassword = () => useMutation({ mutationFn: recoveryPassword });
