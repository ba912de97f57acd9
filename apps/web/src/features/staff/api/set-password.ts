import { useMutation } from '@tanstack/react-query';
import { staffApi } from '../staff-paths';
import { jsonInit, staffData } from './staff-request';

/** POST /api/staff/set-password: the e-mailed link's token and the new password (signed out; no token sent). */
export const setStaffPassword = ({ token, password }: { token: string; password: string }) =>
  staffData<{ result: true }>(staffApi.setPassword(), jsonInit('POST', { token, password }));

export const useSetStaffPassword = () => useMutation({ mutationFn: setStaffPassword });
