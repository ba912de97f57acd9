import { FAILED_ATTEMPT_LIMIT_RANGE } from '@portal/contracts/control-constants';
import type { Language } from '@portal/contracts/languages';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AltchaCaptcha } from '../../integrations/captcha/altcha.ts';
import { CodePolicy } from '../../integrations/codes/code-policy.ts';
import { ResendPolicy } from '../../integrations/codes/resend-policy.ts';
import { createMailer } from '../../integrations/mail/create-mailer.ts';
import { DevMailbox } from '../../integrations/mail/dev-mailbox.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { Argon2idHasher } from '../../integrations/passwords/argon2id.ts';
import { loadKeyStore, type KeyStore } from '../../integrations/tokens/key-store.ts';
import { TokenService } from '../../integrations/tokens/token-service.ts';
import { createRateEvents } from '../../lib/rate-events.ts';
import { CaptchaGuard, FailureCounter } from './failure-guard.ts';
import { HashGate } from './hash-gate.ts';
import { createSignInNonces } from './sign-in-nonces.ts';
import { createNativeVerifiers, createSignInProviders, type NativeVerifiers, type SignInProviders } from './providers.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';
import { AuthService } from './service.ts';

export interface Accounts {
  service: AuthService;
  keys: KeyStore;
  tokens: TokenService;
  captcha: AltchaCaptcha;
  /** the bounded argon2 queue every password sign-in (players and staff) hashes through */
  hasher: HashGate;
  providers: SignInProviders;
  native: NativeVerifiers;
  /** the product's mailer (SMTP or the dev mailbox); other modules send through it */
  mailer: Mailer;
  /** set when mail goes to the in-memory dev mailbox */
  devMailbox?: DevMailbox;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** counted events older than a day are never asked for */
const RATE_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;
/** failures fade out after 15 minutes */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** What accounts read of the catalogue (the control module's cache, wired by app.ts). */
export interface CatalogLookups {
  /** the failedAttemptLimit of a project's settings, when it has one */
  failedAttemptLimit(project: string): Promise<number | undefined>;
  /** a catalogue project's display name in a language; undefined when no such project */
  title(project: string, language: Language): Promise<string | undefined>;
}

const NO_CATALOG: CatalogLookups = { failedAttemptLimit: async () => undefined, title: async () => undefined };

/** Builds the accounts services from config: keys, secrets, mailer, captcha, providers. */
export async function createAccounts(config: AppConfig, db: Db, catalog: CatalogLookups = NO_CATALOG): Promise<Accounts> {
  const keys = await loadKeyStore({
    ...(config.JWT_PRIVATE_KEY ? { privateKey: config.JWT_PRIVATE_KEY } : {}),
    ...(config.JWT_PREVIOUS_KEY ? { previousKey: config.JWT_PREVIOUS_KEY } : {}),
    dataDir: config.DATA_DIR,
  });
  const altchaKey = await loadOrCreateSecret(config.DATA_DIR, 'altcha-hmac.key', config.ALTCHA_HMAC_KEY);
  const codeKey = await loadOrCreateSecret(config.DATA_DIR, 'code-hmac.key', config.CODE_HMAC_KEY);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  // One-time values (robot check solutions, Apple nonces, Telegram data) in the database: a
  // solution spent on one process is spent on all.
  const nonces = createSignInNonces(db);
  const captcha = new AltchaCaptcha({
    hmacKey: altchaKey,
    seen: { seen: (key, expiresAt) => nonces.seenCaptcha(key, expiresAt) },
    maxNumber: config.ALTCHA_MAX_NUMBER,
  });
  const rateEvents = createRateEvents(db);
  const repoForRevocation: { isRevoked?: (jti: string) => Promise<boolean> } = {};
  const tokens = new TokenService({
    keys,
    issuer: config.PUBLIC_URL,
    isRevoked: (jti) => repoForRevocation.isRevoked?.(jti) ?? false,
  });
  const hasher = new HashGate(new Argon2idHasher());
  const service = new AuthService({
    db,
    hasher,
    codes: new CodePolicy({ secret: codeKey }),
    resend: new ResendPolicy(),
    tokens,
    mailer,
    guard: new CaptchaGuard(
      captcha,
      new FailureCounter(rateEvents, FAILURE_WINDOW_MS),
      async (project) => {
        // FAILED_ATTEMPT_LIMIT=0 turns the guard off everywhere (load tests); else the project
        // decides for the address, within 1 to 20 (a stored value outside is not taken).
        if (config.FAILED_ATTEMPT_LIMIT === 0) return 0;
        const own = project ? await catalog.failedAttemptLimit(project).catch(() => undefined) : undefined;
        const { min, max } = FAILED_ATTEMPT_LIMIT_RANGE;
        return own !== undefined && Number.isInteger(own) && own >= min && own <= max ? own : config.FAILED_ATTEMPT_LIMIT;
      },
      // An account's failures count the same whatever project the client names.
      config.FAILED_ATTEMPT_LIMIT,
    ),
    audience: config.publicOrigin,
    events: rateEvents,
    mailCaps: {
      perAddressHour: config.CODE_MAILS_PER_IP_HOUR,
      perEmailDay: config.CODE_MAILS_PER_EMAIL_DAY,
      overallHour: config.CODE_MAILS_PER_HOUR,
    },
    projectTitle: async (project, language) => (project ? catalog.title(project, language) : undefined),
  });
  repoForRevocation.isRevoked = (jti) => service.repo.isRevoked(jti);
  // Housekeeping: expired sign-in states, revocations of tokens that expired anyway, and
  // counted events past the longest window (a day of code mails).
  const sweep = setInterval(() => {
    service.repo.sweep(new Date()).catch(() => undefined);
    rateEvents.sweep(RATE_EVENTS_KEPT_MS).catch(() => undefined);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    service,
    keys,
    tokens,
    captcha,
    hasher,
    providers: await createSignInProviders(config, db),
    native: createNativeVerifiers(config, nonces),
    mailer,
    ...(mailer instanceof DevMailbox && config.isDevMailbox ? { devMailbox: mailer } : {}),
    close: async () => {
      clearInterval(sweep);
      await mailer.close();
    },
  };
}
