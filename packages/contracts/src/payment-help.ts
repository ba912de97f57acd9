import { z } from 'zod';
import { PAYMENT_HELP_REASON_VALUES } from './payments-constants.ts';
import { ZEmail } from './validation.ts';

/**
 * Payment help ("support request"): the player asks support about one of their payments.
 * The reasons live in `payments-constants.ts` (no zod).
 */
export { PAYMENT_HELP_REASONS, PAYMENT_HELP_REASON_VALUES } from './payments-constants.ts';
export const ZPaymentHelpReason = z.enum(PAYMENT_HELP_REASON_VALUES);
export type TPaymentHelpReason = z.infer<typeof ZPaymentHelpReason>;

export const ZPaymentHelpLetter = z.object({
  nickName: z.string().max(200).default(''),
  currentAuthType: z.string().max(40).default(''),
  email: ZEmail,
  reason: ZPaymentHelpReason,
  paymentId: z.string().min(1).max(64),
});
export type TPaymentHelpLetter = z.input<typeof ZPaymentHelpLetter>;

/** `POST /api/payments/send-letter-support` */
export const ZPaymentHelpRequest = z.object({ data: ZPaymentHelpLetter });
export const ZPaymentHelpResponse = z.object({ data: z.object({ result: z.literal(true) }) });

/**
 * `GET /api/user/get-receipt-link?privatePaymentId=` answers "" while the receipt is being made, then
 * a signed, owner-bound link valid for 2 minutes (open it right away; ask again for a fresh one).
 */
export const ZReceiptLinkResponse = z.object({ data: z.object({ result: z.string() }) });
