import { useMutation } from '@tanstack/react-query';
import type { TRegisterByEmailAnswer, TRegisterByEmailBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const registerByEmail = (body: TRegisterByEmailBody) => apiPost<TRegisterByEmailAnswer>(api.registerByEmail(), body);

export const useRegisterByEmail = () => useMutation({ mutationFn: registerByEmail });
