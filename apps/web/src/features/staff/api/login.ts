import { useMutation } from '@tanstack/react-query';
import type { TStaffLoginRequest } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { jsonInit, staffRequest } from './staff-request';
import { setStaffToken } from './staff-session';

/** POST /api/staff/login -> `{ token }`, kept for this tab. */
export const staffLogin = async (credentials: TStaffLoginRequest): Promise<string> => {
  const { token } = await staffRequest<{ token: string }>(staffApi.login(), jsonInit('POST', credentials));
  return token;
};

export const useStaffLogin = () => useMutation({ mutationFn: staffLogin, onSuccess: (token) => setStaffToken(token) });
