import type { TPaymentStatus, TSandboxOutcome } from '@portal/contracts/payments';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** The sandbox provider screen: the player paid, failed or cancelled at the test provider. */
export const completeSandbox = (id: string, outcome: TSandboxOutcome) =>
  apiPost<{ status: TPaymentStatus }>(api.paymentSandboxComplete(id), { outcome });

/** The sandbox's payment page in a window: pays, fails or cancels the order its URL names (no session needed). */
export const completeSandboxOrder = (order: string, outcome: TSandboxOutcome) =>
  apiPost<{ status: TPaymentStatus }>(api.paymentSandboxOrderComplete(), { order, outcome });
