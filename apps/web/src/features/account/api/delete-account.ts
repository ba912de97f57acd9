import { useMutation } from '@tanstack/react-query';
import type { TDeleteAccountBody, TOkAnswer } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const deleteAccount = (body: TDeleteAccountBody) => apiPost<TOkAnswer>(api.deleteAccount(), body);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
