import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The environment, parsed once at start (DESIGN 4.2). Nothing else reads `process.env`:
 * the rest of the server receives the typed `AppConfig` this module returns.
 */

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

/** Thrown for a bad environment; its message is one line that names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const port = z
  .string()
  .trim()
  .regex(/^\d+$/, 'must be an integer between 1 and 65535')
  .transform(Number)
  .refine((value) => value >= 1 && value <= 65535, 'must be an integer between 1 and 65535');

const nonNegativeInt = z
  .string()
  .trim()
  .regex(/^\d+$/, 'must be a non-negative integer')
  .transform(Number);

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value), 'must be true or false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const urlWithProtocols = (protocols: readonly string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${hint}`);

const origin = (value: string): string | null => {
  try {
    const url = new URL(value);
    if (!['http:', 'https:'].includes(url.protocol)) return null;
    // An origin has no path: "https://a.example/" is accepted, "https://a.example/x" is not.
    return url.pathname === '/' && !url.search && !url.hash ? url.origin : null;
  } catch {
    return null;
  }
};

const originList = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || value.split(',').every((item) => origin(item.trim()) !== null),
    'must be a comma-separated list of origins like https://game.example.com',
  )
  .transform((value) =>
    value === '' ? [] : [...new Set(value.split(',').map((item) => origin(item.trim()) as string))],
  );

const email = z.string().trim().toLowerCase().email('must be an e-mail address');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], 'must be development, production or test').default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional(),
  PORT: port.default(8080),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'http:// or https://').optional(),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://').optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp:// or smtps://').optional(),
  MAIL_FROM: email.default('no-reply@portal.localhost'),
  SUPPORT_EMAIL: email.default('support@portal.localhost'),
  ADMIN_EMAIL: email.optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ALLOWED_GAME_ORIGINS: originList.default([]),
  DEFAULT_PROJECT: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, 'must be a project name (letters, digits, "-" and "_")')
    .default('familytown'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis:// or rediss://').optional(),
  /** Requests per minute per client IP; 0 turns the global limit off (load tests only). */
  RATE_LIMIT_MAX: nonNegativeInt.default(600),
  /** Behind a load balancer, take the client IP from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  WEB_DIST_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_API_BASE: optionalText,
  YOOKASSA_SHOP_ID: optionalText,
  YOOKASSA_SECRET_KEY: optionalText,
  YOOKASSA_API_BASE: optionalText,
  YANDEX_PAY_MERCHANT_ID: optionalText,
  YANDEX_PAY_API_KEY: optionalText,
  YANDEX_PAY_API_BASE: optionalText,
  /** Yandex Pay's webhook keys; default `${YANDEX_PAY_API_BASE}/api/jwks` */
  YANDEX_PAY_JWKS_URL: optionalText,
  /** how often the jobs worker looks for due jobs (webhooks, reconciliation) */
  JOB_POLL_INTERVAL_MS: nonNegativeInt.default(1000),
  /** a claimed job whose worker went silent this long is taken again */
  JOB_LEASE_SECONDS: nonNegativeInt.default(120),
  /** a provider payment still unfinished after this long is re-read from the provider */
  PAYMENT_RECONCILE_AFTER_SECONDS: nonNegativeInt.default(600),
  /** first retry delay of a refused game-server webhook; doubles up to an hour (lower only for tests) */
  WEBHOOK_RETRY_BASE_MS: nonNegativeInt.default(10_000),
  /** game-server API requests per minute per project API key (instead of the per-IP limit) */
  GAME_API_RATE_LIMIT_MAX: nonNegativeInt.default(6000),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  VK_CLIENT_ID: optionalText,
  VK_CLIENT_SECRET: optionalText,
  YANDEX_CLIENT_ID: optionalText,
  YANDEX_CLIENT_SECRET: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  APPLE_PRIVATE_KEY: optionalText,
  TELEGRAM_BOT_TOKEN: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  // Accounts (issue 3). Keys unset -> generated once into DATA_DIR/keys.
  /** PEM (PKCS#8) or JWK of the Ed25519/P-256 key that signs player tokens */
  JWT_PRIVATE_KEY: optionalText,
  /** the key being rotated out (its public half keeps verifying older tokens) */
  JWT_PREVIOUS_KEY: optionalText,
  ALTCHA_HMAC_KEY: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** HMAC key of e-mail confirmation codes as stored */
  CODE_HMAC_KEY: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** failed sign-in tries (per IP or per account) before the server demands an ALTCHA solution */
  FAILED_ATTEMPT_LIMIT: nonNegativeInt.default(5),
  /** requests per minute per IP on each guessing route (login, codes, recovery) */
  AUTH_RATE_LIMIT_MAX: nonNegativeInt.default(20),
  /** ALTCHA cost (largest number the widget may try); lower only for tests */
  ALTCHA_MAX_NUMBER: nonNegativeInt.default(50_000),
  /** HMAC key of support attachment links (unset: generated once into DATA_DIR/keys); share it across processes */
  SUPPORT_FILE_KEY: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  GOOGLE_ADULT_CLIENT_ID: optionalText,
  GOOGLE_ADULT_CLIENT_SECRET: optionalText,
  /** Google's OIDC endpoints, overridable for tests (issuer, auth, token, userinfo, jwks) */
  GOOGLE_ISSUER: optionalText,
  GOOGLE_AUTH_URL: optionalText,
  GOOGLE_TOKEN_URL: optionalText,
  GOOGLE_USERINFO_URL: optionalText,
  GOOGLE_JWKS_URL: optionalText,
  GOOGLE_TOKENINFO_URL: optionalText,
  /** client ids google-login-native accepts (comma list); default GOOGLE_CLIENT_ID */
  GOOGLE_NATIVE_CLIENT_IDS: optionalText,
  VK_AUTH_URL: optionalText,
  VK_TOKEN_URL: optionalText,
  VK_USERINFO_URL: optionalText,
  YANDEX_AUTH_URL: optionalText,
  YANDEX_TOKEN_URL: optionalText,
  YANDEX_USERINFO_URL: optionalText,
  APPLE_ISSUER: optionalText,
  APPLE_JWKS_URL: optionalText,
  FACEBOOK_GRAPH_URL: optionalText,
});
type Env = z.infer<typeof ZEnv>;

const both = (a: string | undefined, b: string | undefined) => Boolean(a && b);

function derive(env: Env, cwd: string) {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const isProduction = env.NODE_ENV === 'production';
  return {
    ...env,
    PUBLIC_URL: publicUrl.href.replace(/\/$/, ''),
    publicOrigin: publicUrl.origin,
    DATA_DIR: path.resolve(cwd, env.DATA_DIR),
    WEB_DIST_DIR: env.WEB_DIST_DIR
      ? path.resolve(cwd, env.WEB_DIST_DIR)
      : path.join(REPO_ROOT, 'apps/web/dist'),
    ASSETS_DIR: path.join(SERVER_ROOT, 'assets'),
    /** The game SDK bundle (`npm run build -w packages/game-sdk`), served at /sdk/. */
    SDK_DIST_DIR: path.join(REPO_ROOT, 'packages/game-sdk/dist'),
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    isProduction,
    isTest: env.NODE_ENV === 'test',
    isPostgres: env.DATABASE_URL !== undefined,
    isSmtpConfigured: env.SMTP_URL !== undefined,
    isRedisConfigured: env.REDIS_URL !== undefined,
    isRateLimitEnabled: env.RATE_LIMIT_MAX > 0,
    hasAdminSeed: both(env.ADMIN_EMAIL, env.ADMIN_PASSWORD),
    /** A provider without keys runs as its sandbox. */
    providers: {
      stripe: both(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET),
      yookassa: both(env.YOOKASSA_SHOP_ID, env.YOOKASSA_SECRET_KEY),
      yandexPay: both(env.YANDEX_PAY_MERCHANT_ID, env.YANDEX_PAY_API_KEY),
      google: both(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      vk: both(env.VK_CLIENT_ID, env.VK_CLIENT_SECRET),
      yandex: both(env.YANDEX_CLIENT_ID, env.YANDEX_CLIENT_SECRET),
      apple: both(env.APPLE_CLIENT_ID, env.APPLE_PRIVATE_KEY),
      telegram: env.TELEGRAM_BOT_TOKEN !== undefined,
      facebook: both(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET),
      googleAdult: both(env.GOOGLE_ADULT_CLIENT_ID, env.GOOGLE_ADULT_CLIENT_SECRET),
      /** google-login-native only needs to know which client ids to accept */
      googleNative: Boolean(env.GOOGLE_NATIVE_CLIENT_IDS ?? env.GOOGLE_CLIENT_ID),
    },
    /** the dev mailbox and its /dev/mail page: no SMTP_URL and not production */
    isDevMailbox: env.SMTP_URL === undefined && !isProduction,
  };
}

export type AppConfig = ReturnType<typeof derive>;

/**
 * Parses the environment. Empty strings count as unset so `FOO=` in a .env file falls
 * back to the default instead of failing.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(ZEnv.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const parsed = ZEnv.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = input[name];
    // Secrets never reach the log, even when they are malformed.
    const shown = /PASSWORD|SECRET|KEY|TOKEN|DATABASE_URL|SMTP_URL|REDIS_URL/.test(name)
      ? ''
      : got === undefined
        ? ''
        : ` (got ${JSON.stringify(got)})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  return derive(parsed.data, cwd);
}
