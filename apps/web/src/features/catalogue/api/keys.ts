import { controlKeys } from '@/shared/api/query-keys';

export const catalogueKeys = {
  gamesData: () => [...controlKeys.all, 'games-data'] as const,
};
