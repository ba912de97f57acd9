import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfile, TUpdateProfileBody } from '@portal/contracts/auth';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { profileQueryOptions } from './get-profile';

export const updateProfile = (body: TUpdateProfileBody) => apiPost<TProfile>(api.updateProfile(), body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
