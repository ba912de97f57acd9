import { z } from 'zod';
import { ZProjectName } from './control.ts';
import { API_KEY_MODES, ZGameServerPayment } from './payments.ts';

/** Staff API (used by the staff console): login, project API keys and webhooks, payment look-up. */

/**
 * `admin` does everything; `catalog` edits projects, games and prices; `support` answers
 * tickets and looks up payments; `finance` reads money only.
 */
export const STAFF_ROLES = ['support', 'admin', 'catalog', 'finance'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

/**
 * Codes the staff routes answer with (in `code`), beside the shared API_ERROR_CODES. A staff
 * sign-in also answers the player sign-in's `CAPTCHA_REQUIRED` / `CAPTCHA_INVALID` (403: show
 * the ALTCHA widget and send its solution as `altcha`) and `RATE_LIMITED` (429).
 */
export const STAFF_ERROR_CODES = [
  /** 401: wrong e-mail or password */
  'INVALID_CREDENTIALS',
  /** 401: the right password of a disabled staff member */
  'STAFF_DISABLED',
  /** 429 with Retry-After: too many failed sign-ins of this e-mail; the right password waits too */
  'ACCOUNT_LOCKED',
  /** 409: the e-mail is taken by another staff member */
  'STAFF_EXISTS',
  /** 404: no staff member with this id */
  'STAFF_NOT_FOUND',
  /** 409: an admin cannot disable their own account */
  'CANNOT_DISABLE_SELF',
  /** 404: no API key with this id in the project */
  'API_KEY_NOT_FOUND',
  /** 400: the webhook URL names a non-public address (production) */
  'WEBHOOK_URL_NOT_ALLOWED',
] as const;
export type TStaffErrorCode = (typeof STAFF_ERROR_CODES)[number];

export const ZStaffLoginRequest = z.object({
  email: z.string().trim().toLowerCase().max(320),
  password: z.string().min(1).max(256),
  /** the ALTCHA widget value; needed once a sign-in answered 403 CAPTCHA_REQUIRED */
  altcha: z.string().max(4096).optional(),
});
export type TStaffLoginRequest = z.infer<typeof ZStaffLoginRequest>;

export const ZStaffLoginResponse = z.object({ token: z.string() });

/** 429 of a staff sign-in: `retryAfter` (seconds, also in Retry-After) comes with ACCOUNT_LOCKED. */
export const ZStaffLockedError = z.object({
  code: z.string(),
  message: z.string(),
  retryAfter: z.number().int().nonnegative().optional(),
});

export const ZProjectParams = z.object({ project: ZProjectName });

/** POST /api/staff/projects/{project}/api-keys: the key is shown once and stored hashed. */
/** POST /api/staff/projects/{project}/api-keys: the key's mode (default: live in production, test elsewhere). */
export const ZApiKeyRequest = z.object({ mode: z.enum(API_KEY_MODES).optional() });
export const ZApiKeyResponse = z.object({ key: z.string(), mode: z.enum(API_KEY_MODES).optional() });

export const ZWebhookRequest = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2048),
});
/** The signing secret of the Portal-Signature header. */
export const ZWebhookResponse = z.object({ url: z.string(), secret: z.string() });
/** A new signing secret; the one it replaced signs deliveries beside it until `previousSecretExpiresAt`. */
export const ZWebhookRotation = ZWebhookResponse.extend({ previousSecretExpiresAt: z.iso.datetime() });

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
  /** the mode a new key gets unless the admin picks one: live in production, test elsewhere */
  defaultKeyMode: z.enum(API_KEY_MODES).optional(),
});
export type TStaffProjectSettings = z.infer<typeof ZStaffProjectSettings>;

/** POST /api/staff/accounts (admin): a new staff member; the password is theirs to change later. */
export const ZStaffAccountRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(3)
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+$/),
  /** without it the member gets an e-mail with a link to set their own */
  password: z.string().min(10).max(256).optional(),
  role: ZStaffRole,
});
export type TStaffAccountRequest = z.infer<typeof ZStaffAccountRequest>;

/** A staff member as an admin sees the team (GET /api/staff/accounts). */
export const ZStaffAccount = ZStaffMe.extend({
  createdAt: z.string(),
  /** ISO time the member was disabled; null while active */
  disabledAt: z.string().nullable(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccount>;

export const ZStaffAccountParams = z.object({ id: z.uuid() });

/** A game-server API key as an admin sees it: never the key itself, only its public prefix. */
export const ZStaffApiKey = z.object({
  id: z.string(),
  /** the `<prefix>` of `ppk_<mode>_<prefix>_<secret>` */
  prefix: z.string(),
  /** test: sells through test providers only; live: for real only */
  mode: z.enum(API_KEY_MODES),
  createdAt: z.string(),
  /** the last call made with it (written at most once a minute); null when never used */
  lastUsedAt: z.string().nullable(),
  /** null while the key works */
  revokedAt: z.string().nullable(),
});
export type TStaffApiKey = z.infer<typeof ZStaffApiKey>;

export const ZApiKeyParams = z.object({ project: ZProjectName, keyId: z.uuid() });

/** PATCH /api/staff/accounts/{id} (admin): another member's role. */
export const ZStaffRoleChange = z.object({ role: ZStaffRole });

/** POST /api/staff/set-password: the token of an e-mailed link and the member's new password. */
export const ZStaffSetPasswordRequest = z.object({
  token: z.string().min(20).max(200),
  password: z.string().min(10).max(256),
});

/** How long a set-password link works. */
export const STAFF_LINK_TTL_HOURS = 72;

/** One try to deliver a webhook, as the console's deliveries log shows it. */
export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  /** null for a test event */
  paymentId: z.string().nullable(),
  eventId: z.string(),
  eventType: z.string(),
  url: z.string(),
  ok: z.boolean(),
  /** the game server's HTTP status; null when it never answered */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** the job's try (1, 2, ...); 0 for a test event or a redelivery from the console */
  attempt: z.number().int().nonnegative(),
  nextRetryAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** GET /api/staff/projects/{project}/webhook-deliveries */
export const ZWebhookDeliveriesQuery = z.object({
  paymentId: z.uuid().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const ZWebhookDeliveryParams = z.object({ project: ZProjectName, deliveryId: z.coerce.number().int().positive() });

/** What a project needs before it goes live; each check names what is missing. */
export const LAUNCH_CHECKS = ['paymentMethods', 'webhook', 'prices', 'texts', 'images'] as const;
export type TLaunchCheckId = (typeof LAUNCH_CHECKS)[number];

/**
 * GET /api/staff/projects/{project}/checklist (admin, catalog). `missing` names what a check
 * lacks, for the console to say: `paymentMethods`: `none` or `<provider>` (on, but no keys
 * here); `webhook`: `url` or `testEvent` (no test event answered 2xx at the current URL);
 * `prices`: `none`; `texts`: `game.<ru|en>.<field>` or `price.<priceId>.<ru|en>`; `images`:
 * `cardLogoImage`, `gameImage` or `price.<priceId>`.
 */
export const ZLaunchChecklist = z.object({
  project: z.string(),
  ready: z.boolean(),
  checks: z.array(z.object({ id: z.enum(LAUNCH_CHECKS), ok: z.boolean(), missing: z.array(z.string()) })),
});
export type TLaunchChecklist = z.infer<typeof ZLaunchChecklist>;
