import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, offeredMethods, productionWarnings } from './config.ts';
import { providerSources } from './plugins/security.ts';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/portal');

const errorOf = (env: Record<string, string>): string => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = load({});
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.DATA_DIR).toBe('/srv/portal/data');
    expect(config.DEFAULT_PROJECT).toBe('familytown');
    expect(config.ALLOWED_GAME_ORIGINS).toEqual([]);
    expect(config.WEB_DIST_DIR).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
    expect(config.isProduction).toBe(false);
    expect(config.isPostgres).toBe(false);
    expect(config.isSmtpConfigured).toBe(false);
    expect(config.isRateLimitEnabled).toBe(true);
    expect(config.providers.stripe).toBe(false);
    expect(config.SSE_MAX_PER_CLIENT).toBe(8);
    expect(config.SSE_MAX_PER_ADDRESS).toBe(64);
    expect(config.SSE_MAX_TOTAL).toBe(5000);
    expect(config.UPLOAD_OWNER_BYTES_DAY).toBe(1024 ** 3);
    expect(config.UPLOAD_IP_BYTES_DAY).toBe(2 * 1024 ** 3);
    expect(config.UPLOAD_MIN_FREE_BYTES).toBe(1024 ** 3);
  });

  it('reads the stream caps and upload quotas as byte and stream counts, 0 turning one off', () => {
    const config = load({
      SSE_MAX_PER_CLIENT: '2',
      SSE_MAX_TOTAL: '0',
      UPLOAD_OWNER_BYTES_DAY: '1048576',
      UPLOAD_IP_BYTES_DAY: '0',
      UPLOAD_MIN_FREE_BYTES: '0',
    });
    expect(config.SSE_MAX_PER_CLIENT).toBe(2);
    expect(config.SSE_MAX_TOTAL).toBe(0);
    expect(config.UPLOAD_OWNER_BYTES_DAY).toBe(1_048_576);
    expect(config.UPLOAD_IP_BYTES_DAY).toBe(0);
    expect(config.UPLOAD_MIN_FREE_BYTES).toBe(0);
    expect(errorOf({ UPLOAD_OWNER_BYTES_DAY: '1GB' })).toBe(
      'Invalid configuration: UPLOAD_OWNER_BYTES_DAY must be a non-negative integer (got "1GB")',
    );
  });

  it('derives PUBLIC_URL from PORT and flags from the values given', () => {
    const config = load({
      PORT: '9000',
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      SMTP_URL: 'smtp://mail:25',
      ALLOWED_GAME_ORIGINS: 'https://a.example.com, https://b.example.com/',
      STRIPE_SECRET_KEY: 'sk_test',
      STRIPE_WEBHOOK_SECRET: 'whsec',
      RATE_LIMIT_MAX: '0',
      DATA_DIR: '',
    });
    expect(config.PUBLIC_URL).toBe('http://localhost:9000');
    expect(config.isProduction).toBe(false);
    expect(config.isPostgres).toBe(true);
    expect(config.isSmtpConfigured).toBe(true);
    expect(config.ALLOWED_GAME_ORIGINS).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(config.providers.stripe).toBe(true);
    expect(config.isRateLimitEnabled).toBe(false);
    // An empty value counts as unset.
    expect(config.DATA_DIR).toBe('/srv/portal/data');
  });

  it('stops on a bad value with one line naming the variable', () => {
    const message = errorOf({ PORT: 'abc' });
    expect(message).toBe('Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")');
    expect(message).not.toContain('\n');
    expect(errorOf({ PORT: '70000' })).toContain('PORT must be an integer between 1 and 65535');
    expect(errorOf({ PUBLIC_URL: 'ftp://x' })).toMatch(/^Invalid configuration: PUBLIC_URL must be a URL/);
    expect(errorOf({ ALLOWED_GAME_ORIGINS: 'https://ok.example, not an origin' })).toMatch(/ALLOWED_GAME_ORIGINS/);
    expect(errorOf({ NODE_ENV: 'staging' })).toMatch(/NODE_ENV must be development, production or test/);
    expect(errorOf({ DEFAULT_PROJECT: '../x' })).toMatch(/DEFAULT_PROJECT/);
    expect(errorOf({ ADMIN_EMAIL: 'nobody' })).toMatch(/ADMIN_EMAIL must be an e-mail address/);
  });

  it('never echoes a secret in the error line', () => {
    const message = errorOf({ DATABASE_URL: 'mysql://root:hunter2@db/portal' });
    expect(message).toMatch(/DATABASE_URL must be a URL starting with postgres:\/\//);
    expect(message).not.toContain('hunter2');
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, never as "trust every hop"', () => {
    expect(load({}).TRUST_PROXY).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(load({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(load({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.5', '::1']);
    expect(errorOf({ TRUST_PROXY: 'everything' })).toMatch(/^Invalid configuration: TRUST_PROXY must be a number of proxies/);
    expect(errorOf({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/^Invalid configuration: TRUST_PROXY/);
  });

  it('production needs PUBLIC_URL and SMTP_URL, and names the one that is missing', () => {
    expect(errorOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toBe(
      'Invalid configuration: PUBLIC_URL is required when NODE_ENV=production',
    );
    expect(errorOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example' })).toBe(
      'Invalid configuration: SMTP_URL is required when NODE_ENV=production',
    );
    const config = load({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example', SMTP_URL: 'smtp://mail:25' });
    expect(config.standIns).toBe(false);
    expect(config.isDevMailbox).toBe(false);
    expect(load({}).standIns).toBe(true);
  });

  it('warns in production about the embedded database, a missing TRUST_PROXY, plain http and keyless providers', () => {
    const warnings = productionWarnings(load({ NODE_ENV: 'production', PUBLIC_URL: 'http://portal.example', SMTP_URL: 'smtp://mail:25' }));
    expect(warnings.join('\n')).toMatch(/embedded database/);
    expect(warnings.join('\n')).toMatch(/TRUST_PROXY/);
    expect(warnings.join('\n')).toMatch(/not https/);
    expect(warnings.join('\n')).toMatch(/not offered in production: stripe, yookassa/);
    expect(productionWarnings(load({}))).toEqual([]);
  });

  it('keeps files in DATA_DIR unless S3_BUCKET names a bucket, and checks the S3 settings together', () => {
    expect(load({})).toMatchObject({ isObjectStorage: false, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_PREFIX: '' });
    const config = load({
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'eu/',
    });
    expect(config).toMatchObject({ isObjectStorage: true, S3_BUCKET: 'portal-files', S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'eu/' });
    expect(errorOf({ S3_BUCKET: 'Not_A_Bucket' })).toMatch(/^Invalid configuration: S3_BUCKET must be a bucket name/);
    expect(errorOf({ S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'id' })).toBe(
      'Invalid configuration: S3_SECRET_ACCESS_KEY is required with the other S3 key (set both or neither)',
    );
    expect(errorOf({ S3_ENDPOINT: 'http://minio:9000' })).toBe('Invalid configuration: S3_ENDPOINT is set but S3_BUCKET is not');
    expect(errorOf({ S3_BUCKET: 'portal-files', S3_FORCE_PATH_STYLE: 'maybe' })).toMatch(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(errorOf({ S3_BUCKET: 'portal-files', S3_PREFIX: '../x y' })).toMatch(/S3_PREFIX/);
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example',
      SMTP_URL: 'smtp://mail:25',
      DATABASE_URL: 'postgres://db/portal',
    };
    expect(productionWarnings(load(production)).join('\n')).toMatch(/share that folder, or set S3_BUCKET/);
    expect(productionWarnings(load({ ...production, S3_BUCKET: 'portal-files' })).join('\n')).not.toMatch(/S3_BUCKET/);
  });

  it('offers every method outside production and only those with keys in production', () => {
    expect(offeredMethods(load({})).payments).toEqual(['stripe', 'yookassa', 'yandex-pay']);
    const production = load({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example',
      SMTP_URL: 'smtp://mail:25',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      YANDEX_CLIENT_ID: 'id',
      YANDEX_CLIENT_SECRET: 'secret',
    });
    expect(offeredMethods(production)).toEqual({ auth: ['yandex', 'mail'], payments: ['stripe'] });
  });

  it('hands the login page the public settings of Apple JS, the Telegram widget and the Facebook SDK only when their keys are set', () => {
    const sandbox = load({});
    expect(sandbox.nativeSignIn).toEqual({});
    expect(providerSources(sandbox).scriptSrc).toEqual([]);
    const keyed = load({
      PUBLIC_URL: 'https://portal.example',
      APPLE_CLIENT_ID: 'com.portal.web, com.portal.ios',
      TELEGRAM_BOT_TOKEN: '7000001:AAE-secret-part',
      FACEBOOK_CLIENT_ID: '4242',
      FACEBOOK_CLIENT_SECRET: 'app-secret',
      TELEGRAM_WIDGET_URL: 'https://cdn.portal.example/telegram-widget.js',
    });
    expect(keyed.nativeSignIn).toEqual({
      apple: {
        clientId: 'com.portal.web',
        redirectUri: 'https://portal.example/passport/apple/callback',
        scriptUrl: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
      },
      // Only the bot id: the token's secret part never leaves the server.
      telegram: { botId: '7000001', scriptUrl: 'https://cdn.portal.example/telegram-widget.js' },
      facebook: { appId: '4242', scriptUrl: 'https://connect.facebook.net/en_US/sdk.js' },
    });
    expect(JSON.stringify(keyed.nativeSignIn)).not.toMatch(/AAE-secret-part|app-secret/);
    // The page may load those scripts (CSP).
    expect(providerSources(keyed).scriptSrc).toEqual([
      'https://appleid.cdn-apple.com',
      'https://cdn.portal.example',
      'https://connect.facebook.net',
    ]);
    // A bot token without the "<id>:<secret>" shape stops the start (never sent out whole), unechoed.
    expect(errorOf({ TELEGRAM_BOT_TOKEN: 'not-a-bot-token' })).toBe(
      'Invalid configuration: TELEGRAM_BOT_TOKEN must be a bot token as BotFather gives it (<bot id>:<secret>)',
    );
    // Facebook needs both its id and secret (the server checks tokens with them).
    expect(load({ FACEBOOK_CLIENT_ID: '4242' }).nativeSignIn).toEqual({});
    expect(errorOf({ APPLE_JS_URL: 'javascript:alert(1)' })).toMatch(/APPLE_JS_URL/);
  });
});
