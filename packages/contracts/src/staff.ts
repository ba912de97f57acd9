import { z } from 'zod';
import { ZProjectName } from './control.ts';
import { ZGameServerPayment } from './payments.ts';

/** Staff API (DESIGN 4.4): login, project API keys and webhooks, payment look-up. */

export const STAFF_ROLES = ['support', 'admin'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

export const ZStaffLoginRequest = z.object({
  email: z.string().trim().toLowerCase().max(320),
  password: z.string().min(1).max(256),
});
export type TStaffLoginRequest = z.infer<typeof ZStaffLoginRequest>;

export const ZStaffLoginResponse = z.object({ token: z.string() });

export const ZProjectParams = z.object({ project: ZProjectName });

/** POST /api/staff/projects/{project}/api-keys: the key is shown once and stored hashed. */
export const ZApiKeyResponse = z.object({ key: z.string() });

export const ZWebhookRequest = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2048),
});
/** The signing secret of the Portal-Signature header. */
export const ZWebhookResponse = z.object({ url: z.string(), secret: z.string() });

/** A payment as staff see it: the game-server view plus the provider's reference and receipt e-mail. */
export const ZStaffPayment = ZGameServerPayment.extend({
  providerRef: z.string().nullable(),
  receiptEmail: z.string().nullable(),
  titleRu: z.string(),
  titleEn: z.string(),
});
export type TStaffPayment = z.infer<typeof ZStaffPayment>;

/**
 * A payment in the staff ticket view (the player's recent payments): what happened, never the
 * internals (no provider reference, receipt e-mail, idempotency key or raw amount columns).
 */
export const ZStaffPaymentSummary = ZStaffPayment.pick({
  paymentId: true,
  project: true,
  priceId: true,
  titleEn: true,
  titleRu: true,
  status: true,
  amount: true,
  currency: true,
  provider: true,
  createdAt: true,
  paidAt: true,
}).strict();
export type TStaffPaymentSummary = z.infer<typeof ZStaffPaymentSummary>;

export const ZStaffPaymentsQuery = z.object({
  userId: z.string().min(1).max(128).optional(),
  project: ZProjectName.optional(),
});

/** GET /api/staff/me: the signed-in staff member (the console is role-aware). */
export const ZStaffMe = z.object({ id: z.string(), email: z.string(), role: ZStaffRole });
export type TStaffMe = z.infer<typeof ZStaffMe>;

/** GET /api/staff/projects: the project names (the inbox filter); any staff role. */
export const ZStaffProjectName = z.object({ name: z.string() });
export type TStaffProjectName = z.infer<typeof ZStaffProjectName>;

/** GET /api/staff/projects/{project}: what the admin's Projects page shows (never a key or secret). */
export const ZStaffProjectSettings = z.object({
  name: z.string(),
  webhookUrl: z.string().nullable(),
  activeApiKeys: z.number().int().nonnegative(),
});
export type TStaffProjectSettings = z.infer<typeof ZStaffProjectSettings>;

/** POST /api/staff/accounts (admin): a new staff member; the password is theirs to change later. */
export const ZStaffAccountRequest = z.object({
  email: z.string().trim().toLowerCase().min(3).max(320).regex(/^[^\s@]+@[^\s@]+$/),
  password: z.string().min(10).max(256),
  role: ZStaffRole,
});
export type TStaffAccountRequest = z.infer<typeof ZStaffAccountRequest>;
