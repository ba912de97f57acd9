import { useMutation } from '@tanstack/react-query';
import type { TSendRecoveryCodeAnswer, TSendRecoveryCodeBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const sendRecoveryPasswordCode = (body: TSendRecoveryCodeBody) =>
  apiPost<TSendRecoveryCodeAnswer>(api.sendRecoveryPasswordCode(), body);

export const useSendRecoveryPasswordCode = () => useMutation({ mutationFn: sendRecoveryPasswordCode });
