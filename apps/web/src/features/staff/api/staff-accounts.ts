import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStaffAccount } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

/** GET /api/staff/accounts (admin): the team, oldest first. */
export const getStaffAccounts = (signal?: AbortSignal) => staffData<TStaffAccount[]>(staffApi.accounts(), { signal });

export const staffAccountsQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.accounts(), queryFn: ({ signal }) => getStaffAccounts(signal), staleTime: 0 });

export const useStaffAccounts = (enabled: boolean) => useQuery({ ...staffAccountsQueryOptions(), enabled });

/** POST /api/staff/accounts/{id}/disable | enable: a disabled member cannot sign in and every token of theirs ends. */
export const setStaffDisabled = ({ id, disabled }: { id: string; disabled: boolean }) =>
  staffData<TStaffAccount>(staffApi.accountAction(id, disabled ? 'disable' : 'enable'), { method: 'POST' });

export function useSetStaffDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffDisabled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.accounts() }),
  });
}
