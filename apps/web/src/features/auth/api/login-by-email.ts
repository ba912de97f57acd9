import { useMutation } from '@tanstack/react-query';
import type { TLoginByEmailAnswer, TLoginByEmailBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const loginByEmail = (body: TLoginByEmailBody) => apiPost<TLoginByEmailAnswer>(api.loginByEmail(), body);

export const useLoginByEmail = () => useMutation({ mutationFn: loginByEmail });
