import { controlKeys } from '@/shared/api/query-keys';

export const priceKeys = {
  list: (project: string) => [...controlKeys.all, 'prices', project] as const,
};
