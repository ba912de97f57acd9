import { AppError } from '../../lib/app-error.ts';
import { signInFailed } from '../../lib/telemetry/signals.ts';
import type { Captcha, CaptchaCost } from '../../integrations/captcha/captcha.ts';
import type { RateEvents } from '../../lib/rate-events.ts';

/**
 * Failed sign-in tries per IP and per account, kept by the server itself: the browser's
 * `attempt` counter only decides when to show the widget, the server decides when to demand
 * a solution. Counted in the database, so every process sees the same count; failures fade
 * out after `windowMs`.
 */
export class FailureCounter {
  constructor(
    private readonly events: RateEvents,
    private readonly windowMs: number,
  ) {}

  /** Counts up to `cap`: only whether the limit is reached matters. */
  count(key: string, cap: number): Promise<number> {
    return this.events.count(`fail:${key}`, this.windowMs, cap);
  }

  add(...keys: string[]): Promise<void> {
    return this.events.add(...keys.map((key) => `fail:${key}`));
  }

  reset(key: string): Promise<void> {
    return this.events.reset(`fail:${key}`);
  }
}

export interface GuardContext {
  ip: string;
  /** the ALTCHA widget value sent with this try, if any */
  altcha?: string | undefined;
  /** the `project` header, whose settings may set failedAttemptLimit */
  project?: string | undefined;
}

/** The failure limit for a project: its failedAttemptLimit setting, else the default. */
export type LimitFor = (project: string | undefined) => number | Promise<number>;

/**
 * Demands an ALTCHA solution once an IP or an account reached its limit of failures. An
 * address's limit is the project's failedAttemptLimit (the page it signs in on). An account's
 * failures are one count whatever project the client names, and its limit is never above
 * `accountLimit` (FAILED_ATTEMPT_LIMIT, default 5): a project may ask for the check sooner, but
 * neither its setting nor a client naming a laxer project lifts the check off an account being
 * guessed at. A limit of 0 turns the guard off.
 */
export class CaptchaGuard {
  private readonly limitFor: LimitFor;
  private readonly accountLimit: number;

  constructor(
    private readonly captcha: Captcha,
    private readonly failures: FailureCounter,
    limit: number | LimitFor,
    accountLimit?: number,
  ) {
    this.limitFor = typeof limit === 'number' ? () => limit : limit;
    this.accountLimit = accountLimit ?? (typeof limit === 'number' ? limit : 5);
  }

  async check(context: GuardContext, account: string): Promise<void> {
    const limit = await this.limitFor(context.project);
    if (limit <= 0 || this.accountLimit <= 0) return;
    const accountLimit = Math.min(limit, this.accountLimit);
    const byAddress = (await this.failures.count(`ip:${context.ip}`, limit)) >= limit;
    const needed = byAddress || (await this.failures.count(`account:${account}`, accountLimit)) >= accountLimit;
    if (needed) await this.require(context, (await this.hardFor(context.ip)) ? 'hard' : 'normal');
  }

  /**
   * Whether this address is past FAILED_ATTEMPT_LIMIT failures (whatever project it names, so the
   * challenge it fetches without headers and the check agree): its robot checks are hard ones.
   */
  async hardFor(ip: string): Promise<boolean> {
    if (this.accountLimit <= 0) return false;
    return (await this.failures.count(`ip:${ip}`, this.accountLimit)) >= this.accountLimit;
  }

  /**
   * Whether this address has reached the limit, so that the page shows the robot check before
   * a try instead of spending one on a CAPTCHA_REQUIRED answer. (An account's own count shows
   * only on a try: telling it for any e-mail would tell who is being guessed at.)
   */
  async requiredFor(context: Pick<GuardContext, 'ip' | 'project'>): Promise<boolean> {
    const limit = await this.limitFor(context.project);
    if (limit <= 0) return false;
    return (await this.failures.count(`ip:${context.ip}`, limit)) >= limit;
  }

  /** A solved, fresh, unspent robot check, whatever the counts (registration always asks). */
  async require(context: GuardContext, cost: CaptchaCost = 'normal'): Promise<void> {
    if (!context.altcha) throw new AppError('CAPTCHA_REQUIRED', 403, 'Prove that you are not a robot');
    const verdict = await this.captcha.verify(context.altcha, cost);
    if (verdict !== 'ok') throw new AppError('CAPTCHA_INVALID', 403, `The robot check failed (${verdict})`);
  }

  failed(context: GuardContext, account: string): Promise<void> {
    signInFailed('player');
    return this.failures.add(`ip:${context.ip}`, `account:${account}`);
  }

  /** A success clears the account's count; the IP's fades with time (it may be a spray). */
  succeeded(account: string): Promise<void> {
    return this.failures.reset(`account:${account}`);
  }
}
