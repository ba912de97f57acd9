import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStaffAccount, TStaffMe, TStaffRole } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { jsonInit, staffData } from './staff-request';
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

/** POST /api/staff/accounts without a password: the member gets an e-mail with a set-password link. */
export const inviteStaff = ({ email, role }: { email: string; role: TStaffRole }) =>
  staffData<TStaffMe>(staffApi.accounts(), jsonInit('POST', { email, role }));

/** PATCH /api/staff/accounts/{id}: another member's role. */
export const changeStaffRole = ({ id, role }: { id: string; role: TStaffRole }) =>
  staffData<TStaffAccount>(staffApi.account(id), jsonInit('PATCH', { role }));

/** POST .../sign-out: every token of the member ends. */
export const signOutStaff = ({ id }: { id: string }) =>
  staffData<{ result: true }>(staffApi.accountAction(id, 'sign-out'), jsonInit('POST'));

/** POST .../password-link: a new one-time set-password link by e-mail (older links stop working). */
export const sendStaffPasswordLink = ({ id }: { id: string }) =>
  staffData<{ result: true }>(staffApi.accountAction(id, 'password-link'), jsonInit('POST'));

/** A team change that refreshes the list when it settles. */
function useTeamMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.accounts() }) });
}

export const useInviteStaff = () => useTeamMutation(inviteStaff);
export const useChangeStaffRole = () => useTeamMutation(changeStaffRole);
export const useSignOutStaff = () => useTeamMutation(signOutStaff);
export const useSendStaffPasswordLink = () => useTeamMutation(sendStaffPasswordLink);
