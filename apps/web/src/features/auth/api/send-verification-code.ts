import { useMutation } from '@tanstack/react-query';
import type { TSendVerificationCodeAnswer, TSendVerificationCodeBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const sendVerificationCode = (body: TSendVerificationCodeBody) =>
  apiPost<TSendVerificationCodeAnswer>(api.sendVerificationCode(), body);

export const useSendVerificationCode = () => useMutation({ mutationFn: sendVerificationCode });
