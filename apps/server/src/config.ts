import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { safeOrigin } from '@portal/contracts/addresses';
import { AUTH_METHODS, PAYMENT_PROVIDERS, type AuthMethod, type PaymentProvider } from '@portal/contracts/control';

/**
 * The environment, parsed once at start. Nothing else reads `process.env`:
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

const nonNegativeInt = z.string().trim().regex(/^\d+$/, 'must be a non-negative integer').transform(Number);

const GIB = 1024 ** 3;

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

/** An origin on a plain host name (it goes into security headers), as browsers write it. */
const origin = (value: string): string | null => {
  try {
    const url = new URL(value);
    // An origin has no path: "https://a.example/" is accepted, "https://a.example/x" is not.
    return url.pathname === '/' && !url.search && !url.hash ? safeOrigin(value) : null;
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
  .transform((value) => (value === '' ? [] : [...new Set(value.split(',').map((item) => origin(item.trim()) as string))]));

const email = z.string().trim().toLowerCase().email('must be an e-mail address');

/** `a.b.c.d`, `a.b.c.d/n`, an IPv6 address or `v6/n`: one entry of TRUST_PROXY's address list. */
const isAddressOrCidr = (value: string): boolean => {
  const [address = '', prefix, extra] = value.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * Which `X-Forwarded-For` hops to believe. The left-most entry is written by the client, so
 * "trust everything" would let anyone pick the address its rate limits count: the value is
 * the number of proxies in front (`1`, `true` = one) or the proxies' own addresses/CIDRs,
 * and Fastify takes the first address that is not one of them.
 */
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (value) =>
      ['true', 'false', 'yes', 'no'].includes(value) ||
      /^\d{1,2}$/.test(value) ||
      value.split(',').every((item) => isAddressOrCidr(item.trim())),
    'must be a number of proxies in front (1, 2, ...), false, or a comma list of proxy addresses/CIDRs',
  )
  .transform((value): false | number | string[] => {
    if (value === 'false' || value === 'no' || value === '0') return false;
    if (value === 'true' || value === 'yes') return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    return value.split(',').map((item) => item.trim());
  });

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], 'must be development, production or test').default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional(),
  PORT: port.default(8080),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  /** a request (headers and body) must arrive within this; uploads of 100 MB on a slow line need minutes */
  REQUEST_TIMEOUT_SECONDS: nonNegativeInt.default(600),
  /** the request line and headers must arrive within this (slow-header attacks) */
  HEADERS_TIMEOUT_SECONDS: nonNegativeInt.default(30),
  /** a connection with no bytes either way for this long is closed (event streams send a heartbeat) */
  IDLE_TIMEOUT_SECONDS: nonNegativeInt.default(120),
  /** an idle keep-alive connection stays open this long (above a load balancer's 60 s) */
  KEEP_ALIVE_TIMEOUT_SECONDS: nonNegativeInt.default(75),
  /** on SIGTERM readiness fails this long before the server closes (unset: 10 in production, else 0) */
  SHUTDOWN_DRAIN_SECONDS: nonNegativeInt.optional(),
  /** after the drain, in-flight requests and jobs get this long before the process exits anyway */
  SHUTDOWN_TIMEOUT_SECONDS: nonNegativeInt.default(30),
  /** Prometheus metrics on a listener of their own (never the public port); unset: no listener */
  METRICS_PORT: port.optional(),
  /** the address the metrics listener binds (a pod's network: 0.0.0.0; a shared host: 127.0.0.1) */
  METRICS_HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  /** when set, a scraper must send `Authorization: Bearer <token>` to the metrics listener */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** OpenTelemetry traces go to this OTLP/HTTP collector (`http://collector:4318`); unset: no tracing */
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'http:// or https://').optional(),
  /** the service name traces carry */
  OTEL_SERVICE_NAME: z.string().trim().min(1, 'must not be empty').default('game-portal'),
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
  /** Behind a load balancer: how many proxies (or which proxy addresses) X-Forwarded-For passed. */
  TRUST_PROXY: trustProxy.default(false),
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
  /** finished jobs are deleted after this many days (failed ones are kept 30 days or this, the longer) */
  JOB_KEEP_DAYS: nonNegativeInt.default(7),
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
  /** BotFather's token, `<bot id>:<secret>`; the login widget gets the bot id only */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .regex(/^\d{1,20}:\S{8,}$/, 'must be a bot token as BotFather gives it (<bot id>:<secret>)')
    .optional(),
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  /** the provider scripts the login page loads when the keys above are set (a self-hosted copy, a test stand-in) */
  APPLE_JS_URL: urlWithProtocols(['http:', 'https:'], 'http:// or https://').default(
    'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
  ),
  TELEGRAM_WIDGET_URL: urlWithProtocols(['http:', 'https:'], 'http:// or https://').default(
    'https://telegram.org/js/telegram-widget.js?22',
  ),
  FACEBOOK_SDK_URL: urlWithProtocols(['http:', 'https:'], 'http:// or https://').default('https://connect.facebook.net/en_US/sdk.js'),
  // Accounts. Keys unset -> generated once into DATA_DIR/keys.
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
  /** registration/recovery code mails per client address an hour (0: no cap) */
  CODE_MAILS_PER_IP_HOUR: nonNegativeInt.default(20),
  /** code mails to one e-mail address a day (0: no cap) */
  CODE_MAILS_PER_EMAIL_DAY: nonNegativeInt.default(15),
  /** code mails overall an hour, every process together (0: no cap) */
  CODE_MAILS_PER_HOUR: nonNegativeInt.default(5000),
  /** ALTCHA cost (largest number the widget may try); lower only for tests */
  ALTCHA_MAX_NUMBER: nonNegativeInt.default(50_000),
  /** open event streams (support, payment status) per player, guest or staff member (0: no cap) */
  SSE_MAX_PER_CLIENT: nonNegativeInt.default(8),
  /** open event streams per client address (0: no cap) */
  SSE_MAX_PER_ADDRESS: nonNegativeInt.default(64),
  /** open event streams of one server process (0: no cap) */
  SSE_MAX_TOTAL: nonNegativeInt.default(5000),
  /** support attachment bytes one player or guest may upload in 24 hours (0: no quota) */
  UPLOAD_OWNER_BYTES_DAY: nonNegativeInt.default(GIB),
  /** support attachment bytes one client address may upload in 24 hours (0: no quota) */
  UPLOAD_IP_BYTES_DAY: nonNegativeInt.default(2 * GIB),
  /** uploads are refused while the DATA_DIR volume has less free space than this (0: no check) */
  UPLOAD_MIN_FREE_BYTES: nonNegativeInt.default(GIB),
  /** HMAC key of support attachment links (unset: generated once into DATA_DIR/keys); share it across processes */
  SUPPORT_FILE_KEY: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** HMAC key of receipt PDF links (unset: generated once into DATA_DIR/keys); share it across processes */
  RECEIPT_LINK_KEY: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** an S3-compatible bucket for support attachments and receipt PDFs (unset: files stay in DATA_DIR) */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)')
    .optional(),
  /** the store's endpoint for a non-AWS store (MinIO, Ceph, R2...); unset: AWS S3 of S3_REGION */
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'http:// or https://').optional(),
  S3_REGION: z.string().trim().min(1, 'must not be empty').default('us-east-1'),
  /** unset: the AWS SDK's own chain (instance role, AWS_* variables, shared files) */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** bucket in the path (http://host/bucket/key) instead of the host name: most self-hosted stores want it */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  /** a key prefix, so one bucket can hold several deployments (e.g. `portal/`) */
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w./-]{0,200}$/, 'must be letters, digits, ".", "_", "-" and "/"')
    .default(''),
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
    WEB_DIST_DIR: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps/web/dist'),
    ASSETS_DIR: path.join(SERVER_ROOT, 'assets'),
    /** The game SDK bundle (`npm run build -w packages/game-sdk`), served at /sdk/. */
    SDK_DIST_DIR: path.join(REPO_ROOT, 'packages/game-sdk/dist'),
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    isProduction,
    SHUTDOWN_DRAIN_SECONDS: env.SHUTDOWN_DRAIN_SECONDS ?? (isProduction ? 10 : 0),
    isTest: env.NODE_ENV === 'test',
    isPostgres: env.DATABASE_URL !== undefined,
    isSmtpConfigured: env.SMTP_URL !== undefined,
    isRedisConfigured: env.REDIS_URL !== undefined,
    /** attachments and receipts in S3_BUCKET instead of DATA_DIR */
    isObjectStorage: env.S3_BUCKET !== undefined,
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
    /**
     * What the login page needs to run Sign in with Apple JS, the Telegram login widget and the
     * Facebook SDK (public values only); a provider left out signs in through /passport.
     */
    nativeSignIn: {
      ...(env.APPLE_CLIENT_ID && {
        // The first id is the web's Services ID; the others are app bundle ids.
        apple: {
          clientId: env.APPLE_CLIENT_ID.split(',')[0]!.trim(),
          redirectUri: `${publicUrl.href.replace(/\/$/, '')}/passport/apple/callback`,
          scriptUrl: env.APPLE_JS_URL,
        },
      }),
      // The bot id is the token's public part before the colon; the rest is the secret.
      ...(env.TELEGRAM_BOT_TOKEN && { telegram: { botId: env.TELEGRAM_BOT_TOKEN.split(':')[0]!, scriptUrl: env.TELEGRAM_WIDGET_URL } }),
      ...(env.FACEBOOK_CLIENT_ID &&
        env.FACEBOOK_CLIENT_SECRET && { facebook: { appId: env.FACEBOOK_CLIENT_ID, scriptUrl: env.FACEBOOK_SDK_URL } }),
    },
    /** the dev mailbox and its /dev/mail page: no SMTP_URL and not production */
    isDevMailbox: env.SMTP_URL === undefined && !isProduction,
    /**
     * Outside production a provider without keys runs as the product's own stand-in (payment
     * sandbox, local sign-in provider): the demo and the test bed. In production never.
     */
    standIns: !isProduction,
  };
}

/** The sign-in method of a project's list and whether this deployment has what it needs. */
const AUTH_METHOD_CONFIGURED: Record<AuthMethod, (config: AppConfig) => boolean> = {
  google: (c) => c.providers.google,
  google_adult: (c) => c.providers.googleAdult,
  // Apple, Telegram and Facebook sign in through their own SDKs' endpoints when configured.
  apple: (c) => c.APPLE_CLIENT_ID !== undefined,
  vk: (c) => c.providers.vk,
  yandex: (c) => c.providers.yandex,
  tg: (c) => c.providers.telegram,
  facebook: (c) => c.providers.facebook,
  mail: () => true,
};

const PAYMENT_CONFIGURED: Record<PaymentProvider, (config: AppConfig) => boolean> = {
  stripe: (c) => c.providers.stripe,
  yookassa: (c) => c.providers.yookassa,
  'yandex-pay': (c) => c.providers.yandexPay,
};

/**
 * The methods a project may offer here: every one outside production (stand-ins serve those
 * without keys), only those with keys in production.
 */
export function offeredMethods(config: AppConfig): { auth: readonly AuthMethod[]; payments: readonly PaymentProvider[] } {
  if (config.standIns) return { auth: AUTH_METHODS, payments: PAYMENT_PROVIDERS };
  return {
    auth: AUTH_METHODS.filter((method) => AUTH_METHOD_CONFIGURED[method](config)),
    payments: PAYMENT_PROVIDERS.filter((provider) => PAYMENT_CONFIGURED[provider](config)),
  };
}

export type AppConfig = ReturnType<typeof derive>;

/**
 * Parses the environment. Empty strings count as unset so `FOO=` in a .env file falls
 * back to the default instead of failing.
 */
/**
 * The configuration of a process that starts from the command line (the server, the migrate
 * step): a bad variable stops it with one line on stderr and exit code 1, no stack; the
 * operator only needs the variable and what is wrong with it.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Where the database is: DATABASE_URL, else the embedded PGlite under DATA_DIR. */
export const databaseLocation = (config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR'>): string =>
  config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pgdata');

/** The names of every variable the server reads (the README's configuration table). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZEnv.shape);

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): AppConfig {
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
  if (parsed.data.NODE_ENV === 'production') {
    // A real deployment never falls back to the demo's stand-ins: mail must really leave, and
    // links, allowed origins and the token issuer must name the real site.
    for (const name of PRODUCTION_REQUIRED) {
      if (parsed.data[name] === undefined) {
        throw new ConfigError(`Invalid configuration: ${name} is required when NODE_ENV=production`);
      }
    }
  }
  if ((parsed.data.S3_ACCESS_KEY_ID === undefined) !== (parsed.data.S3_SECRET_ACCESS_KEY === undefined)) {
    const name = parsed.data.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    throw new ConfigError(`Invalid configuration: ${name} is required with the other S3 key (set both or neither)`);
  }
  if (parsed.data.S3_BUCKET === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID'] as const).find((name) => parsed.data[name] !== undefined);
    if (stray) throw new ConfigError(`Invalid configuration: ${stray} is set but S3_BUCKET is not`);
  }
  if (parsed.data.METRICS_PORT !== undefined && parsed.data.METRICS_PORT === parsed.data.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT (metrics never go out on the public port)');
  }
  return derive(parsed.data, cwd);
}

const PRODUCTION_REQUIRED = ['PUBLIC_URL', 'SMTP_URL'] as const satisfies readonly (keyof Env)[];

/**
 * What a production start should hear about: settings that work but are unsafe or do not
 * scale. Logged once at start (server.ts); never a reason to refuse.
 */
export function productionWarnings(config: AppConfig): string[] {
  if (!config.isProduction) return [];
  const warnings: string[] = [];
  if (!config.isPostgres) {
    warnings.push(
      'NODE_ENV=production on the embedded database (PGlite in DATA_DIR): set DATABASE_URL to a PostgreSQL server for a real deployment',
    );
  }
  if (config.TRUST_PROXY === false) {
    warnings.push(
      'TRUST_PROXY is unset: behind a proxy or load balancer every client shares its address for rate limits; set it to the number of proxies in front or their addresses',
    );
  }
  if (new URL(config.PUBLIC_URL).protocol !== 'https:') {
    warnings.push("PUBLIC_URL is not https: players' tokens and payments travel unencrypted");
  }
  if (config.isPostgres && !config.isObjectStorage) {
    warnings.push('support attachments and receipt PDFs are kept in DATA_DIR: every process must share that folder, or set S3_BUCKET');
  }
  const missing = Object.entries(config.providers)
    .filter(([, configured]) => !configured)
    .map(([name]) => name);
  if (missing.length > 0) {
    warnings.push(`providers without keys are not offered in production: ${missing.join(', ')}`);
  }
  return warnings;
}
