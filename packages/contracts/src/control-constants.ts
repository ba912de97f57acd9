/**
 * Project-setting constants that pages read without a schema library; `control.ts`
 * re-exports them beside its schemas.
 */

export const AUTH_TYPES = ['postMessage', 'redirect'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

export const AUTH_METHODS = ['google', 'google_adult', 'apple', 'vk', 'yandex', 'tg', 'facebook', 'mail'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
/** What the login list offers when a project has no settings. */
export const DEFAULT_AUTH_METHODS: readonly AuthMethod[] = ['google', 'apple', 'vk', 'yandex', 'tg', 'facebook', 'mail'];

export const PAYMENT_PROVIDERS = ['stripe', 'yookassa', 'yandex-pay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Failed sign-ins before the robot check shows, when the project's extra sets none. */
export const DEFAULT_FAILED_ATTEMPT_LIMIT = 5;

/** The failed sign-ins a project's failedAttemptLimit may allow before the robot check: 1 to 20. */
export const FAILED_ATTEMPT_LIMIT_RANGE = { min: 1, max: 20 } as const;

/**
 * Names a new project may not take: the audiences of the portal's own tokens (staff sessions,
 * payment tokens) and words that read as the portal itself. A project's name is the `aud` of its
 * game and host tokens, so it must never be an audience the portal uses for something else.
 */
export const RESERVED_PROJECT_NAMES = ['portal-staff', 'payment', 'portal', 'staff', 'admin', 'api', 'host', 'game', 'player'] as const;
