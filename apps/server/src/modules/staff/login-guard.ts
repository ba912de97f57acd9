import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateEvents } from '../../db/schema.ts';
import type { Captcha } from '../../integrations/captcha/captcha.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateEvents } from '../../lib/rate-events.ts';

export interface StaffLoginGuardOptions {
  db: Db;
  events: RateEvents;
  captcha: Captcha;
  /** failures fade out after this long; default 15 minutes */
  windowMs?: number;
  /** failures (of the e-mail anywhere, or of the address) after which a sign-in needs a solved ALTCHA; default 5 */
  captchaAfter?: number;
  /** failures of one e-mail from one address after which that pair is locked until they fade; default 10 */
  lockAfter?: number;
  /** failures of one e-mail (from anywhere) after which retries from addresses that failed are spaced out; default 10 */
  slowAfter?: number;
  /** the longest space between such retries; default 5 minutes */
  maxDelayMs?: number;
  now?: () => number;
}

/** 429 ACCOUNT_LOCKED: too many failed sign-ins for this account from here; `retryAfter` seconds until a try is taken. */
export class AccountLocked extends AppError {
  constructor(retryAfter: number) {
    super('ACCOUNT_LOCKED', 429, `Too many failed sign-ins for this account, try again in ${retryAfter} s`, { retryAfter });
  }
}

/**
 * Failed staff sign-ins, counted in the database (every process sees the same counts) over a
 * sliding window, so that guessing is slow and costly while the owner keeps getting in:
 * - per e-mail and address pair: past `lockAfter` failures that pair is locked (429
 *   ACCOUNT_LOCKED) until they fade; the owner at another address is not;
 * - per e-mail, from anywhere: past `captchaAfter` every try needs a solved ALTCHA; past
 *   `slowAfter`, an address that already failed for it waits a growing delay (1 s, 2 s, 4 s, ...
 *   up to `maxDelayMs`) after the e-mail's last failure, never a hard lock;
 * - per address: past `captchaAfter` every try from it needs a solved ALTCHA (a spray over
 *   many e-mails).
 * An address that has not failed for an e-mail is never refused its right password (it may be
 * asked for the robot check). The counts follow the e-mail and the address, never the URL.
 */
export class StaffLoginGuard {
  private readonly db: Db;
  private readonly events: RateEvents;
  private readonly captcha: Captcha;
  private readonly windowMs: number;
  private readonly captchaAfter: number;
  private readonly lockAfter: number;
  private readonly slowAfter: number;
  private readonly maxDelayMs: number;
  private readonly now: () => number;

  constructor(options: StaffLoginGuardOptions) {
    this.db = options.db;
    this.events = options.events;
    this.captcha = options.captcha;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.captchaAfter = options.captchaAfter ?? 5;
    this.lockAfter = options.lockAfter ?? 10;
    this.slowAfter = options.slowAfter ?? 10;
    this.maxDelayMs = options.maxDelayMs ?? 5 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  /** Before the password is looked at: the pair's lock, the e-mail's delay, then the robot check when the counts ask for it. */
  async check(email: string, ip: string, altcha: string | undefined): Promise<void> {
    const pair = await this.events.count(pairKey(email, ip), this.windowMs, this.lockAfter);
    if (pair >= this.lockAfter) throw new AccountLocked(await this.secondsUntilFaded(pairKey(email, ip), this.lockAfter));
    const failures = await this.events.count(emailKey(email), this.windowMs);
    if (pair > 0 && failures >= this.slowAfter) {
      const delayMs = Math.min(this.maxDelayMs, 1000 * 2 ** Math.min(30, failures - this.slowAfter));
      const last = await this.lastAt(emailKey(email));
      const waitMs = last === null ? 0 : last + delayMs - this.now();
      if (waitMs > 0) throw new AccountLocked(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    const needsCaptcha =
      failures >= this.captchaAfter || (await this.events.count(ipKey(ip), this.windowMs, this.captchaAfter)) >= this.captchaAfter;
    if (!needsCaptcha) return;
    if (!altcha) throw new AppError('CAPTCHA_REQUIRED', 403, 'Prove that you are not a robot');
    // An address past its own limit solves hard checks; the owner at a clean one, normal ones.
    const verdict = await this.captcha.verify(altcha, (await this.hardFor(ip)) ? 'hard' : 'normal');
    if (verdict !== 'ok') throw new AppError('CAPTCHA_INVALID', 403, `The robot check failed (${verdict})`);
  }

  /** Whether this address is past its failures allowance: the robot checks it fetches are hard ones. */
  async hardFor(ip: string): Promise<boolean> {
    return (await this.events.count(ipKey(ip), this.windowMs, this.captchaAfter)) >= this.captchaAfter;
  }

  failed(email: string, ip: string): Promise<void> {
    return this.events.add(emailKey(email), ipKey(ip), pairKey(email, ip));
  }

  /** A success (or a new password from the environment) clears the e-mail's counts; the address's fade. */
  async succeeded(email: string, ip?: string): Promise<void> {
    await this.events.reset(emailKey(email));
    if (ip) await this.events.reset(pairKey(email, ip));
  }

  /** When the `nth` newest event of `key` leaves the window, in seconds from now. */
  private async secondsUntilFaded(key: string, nth: number): Promise<number> {
    const [row] = await this.db
      .select({ at: rateEvents.at })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.at, new Date(this.now() - this.windowMs))))
      .orderBy(desc(rateEvents.at))
      .limit(1)
      .offset(nth - 1);
    if (!row) return 1;
    const opensAt = row.at.getTime() + this.windowMs;
    return Math.max(1, Math.ceil((opensAt - this.now()) / 1000));
  }

  private async lastAt(key: string): Promise<number | null> {
    const [row] = await this.db
      .select({ at: rateEvents.at })
      .from(rateEvents)
      .where(eq(rateEvents.key, key))
      .orderBy(desc(rateEvents.at))
      .limit(1);
    return row ? row.at.getTime() : null;
  }
}

const emailKey = (email: string) => `staff-fail:email:${email}`;
const ipKey = (ip: string) => `staff-fail:ip:${ip}`;
const pairKey = (email: string, ip: string) => `staff-fail:pair:${ip}|${email}`;
