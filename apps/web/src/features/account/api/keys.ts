import { userKeys } from '@/shared/api/query-keys';

export const accountKeys = {
  profile: () => [...userKeys.all, 'profile'] as const,
};
