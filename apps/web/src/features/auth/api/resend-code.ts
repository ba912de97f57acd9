import { useMutation } from '@tanstack/react-query';
import type { TCodeSentAnswer, TResendCodeBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const resendCode = (body: TResendCodeBody) => apiPost<TCodeSentAnswer>(api.resendCode(), body);

export const useResendCode = () => useMutation({ mutationFn: resendCode });
