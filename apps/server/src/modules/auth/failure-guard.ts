import { AppError } from '../../lib/app-error.ts';
import type { Captcha } from '../../integrations/captcha/captcha.ts';

/**
 * Failed sign-in tries per IP and per account, kept by the server itself: the browser's
 * `attempt` counter only decides when to show the widget, the server decides when to demand
 * a solution. In memory per process (bounded by the route rate limits); failures fade out
 * after `windowMs`.
 */
export class FailureCounter {
  private readonly entries = new Map<string, number[]>();
  private nextSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  count(key: string): number {
    const since = this.now() - this.windowMs;
    return (this.entries.get(key) ?? []).filter((t) => t > since).length;
  }

  add(key: string): void {
    const now = this.now();
    this.sweep(now);
    const since = now - this.windowMs;
    const kept = (this.entries.get(key) ?? []).filter((t) => t > since);
    kept.push(now);
    // Only the count up to the limit matters; a flood cannot grow one entry without bound.
    this.entries.set(key, kept.slice(-100));
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    const since = now - this.windowMs;
    for (const [key, times] of this.entries) {
      if (!times.some((t) => t > since)) this.entries.delete(key);
    }
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
 * Demands an ALTCHA solution once an IP or an account reached the limit of failures (the
 * project's failedAttemptLimit, default 5; a limit of 0 turns the guard off).
 */
export class CaptchaGuard {
  private readonly limitFor: LimitFor;

  constructor(
    private readonly captcha: Captcha,
    private readonly failures: FailureCounter,
    limit: number | LimitFor,
  ) {
    this.limitFor = typeof limit === 'number' ? () => limit : limit;
  }

  async check(context: GuardContext, account: string): Promise<void> {
    const limit = await this.limitFor(context.project);
    if (limit <= 0) return;
    const needed =
      this.failures.count(`ip:${context.ip}`) >= limit || this.failures.count(`account:${account}`) >= limit;
    if (!needed) return;
    if (!context.altcha) throw new AppError('CAPTCHA_REQUIRED', 403, 'Prove that you are not a robot');
    const verdict = await this.captcha.verify(context.altcha);
    if (verdict !== 'ok') throw new AppError('CAPTCHA_INVALID', 403, `The robot check failed (${verdict})`);
  }

  failed(context: GuardContext, account: string): void {
    this.failures.add(`ip:${context.ip}`);
    this.failures.add(`account:${account}`);
  }

  /** A success clears the account's count; the IP's fades with time (it may be a spray). */
  succeeded(account: string): void {
    this.failures.reset(`account:${account}`);
  }
}
