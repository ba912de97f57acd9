import { staffApi } from '../staff-paths';
import { jsonInit, staffRequest } from './staff-request';
import { setStaffToken } from './staff-session';

/**
 * POST /api/staff/logout: signs the member out everywhere (every token of theirs ends), then
 * drops this tab's token. The token goes even when the call fails: the console signs out.
 */
export async function staffLogout(): Promise<void> {
  try {
    await staffRequest(staffApi.logout(), jsonInit('POST'));
  } catch {
    /* an ended or unreachable session: signing out here is all that is left */
  } finally {
    setStaffToken(null);
  }
}
