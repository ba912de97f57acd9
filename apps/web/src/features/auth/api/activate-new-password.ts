import { useMutation } from '@tanstack/react-query';
import type { TActivateNewPasswordAnswer, TActivateNewPasswordBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const activateNewPassword = (body: TActivateNewPasswordBody) => apiPost<TActivateNewPasswordAnswer>(api.activateNewPassword(), body);

export const useActivateNewPassword = () => useMutation({ mutationFn: activateNewPassword });
