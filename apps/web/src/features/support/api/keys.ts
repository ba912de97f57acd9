import { supportKeys } from '@/shared/api/query-keys';

/** Query keys of the player's support tickets. */
export const ticketKeys = {
  list: () => [...supportKeys.all, 'tickets'] as const,
  one: (id: string) => [...supportKeys.all, 'ticket', id] as const,
};
