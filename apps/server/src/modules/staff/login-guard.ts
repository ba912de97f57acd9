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
  /** failures (per e-mail or per address) after which a sign-in needs a solved ALTCHA; default 5 */
  captchaAfter?: number;
  /** failures of one e-mail after which it is locked until they fade; default 20 */
  lockAfter?: number;
  now?: () => number;
}

/** 429 ACCOUNT_LOCKED: the e-mail had too many failed sign-ins; `retryAfter` seconds until it opens. */
export class AccountLocked extends AppError {
  constructor(retryAfter: number) {
    super('ACCOUNT_LOCKED', 429, `Too many failed sign-ins for this account, try again in ${retryAfter} s`, { retryAfter });
  }
}

/**
 * Failed staff sign-ins, counted in the database (every process sees the same count) per
 * e-mail and per client address over a sliding window. Past `captchaAfter` failures a try needs
 * a solved ALTCHA (the player sign-in's 403 CAPTCHA_REQUIRED); past `lockAfter` failures of one
 * e-mail every try, the right password included, answers 429 ACCOUNT_LOCKED until enough of
 * them fade. The counts follow the e-mail and the address, never the URL a request was sent to.
 */
export class StaffLoginGuard {
  private readonly db: Db;
  private readonly events: RateEvents;
  private readonly captcha: Captcha;
  private readonly windowMs: number;
  private readonly captchaAfter: number;
  private readonly lockAfter: number;
  private readonly now: () => number;

  constructor(options: StaffLoginGuardOptions) {
    this.db = options.db;
    this.events = options.events;
    this.captcha = options.captcha;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.captchaAfter = options.captchaAfter ?? 5;
    this.lockAfter = options.lockAfter ?? 20;
    this.now = options.now ?? Date.now;
  }

  /** Before the password is looked at: the lock, then the robot check when the counts ask for it. */
  async check(email: string, ip: string, altcha: string | undefined): Promise<void> {
    const failures = await this.events.count(emailKey(email), this.windowMs, this.lockAfter);
    if (failures >= this.lockAfter) throw new AccountLocked(await this.secondsUntilOpen(email));
    const needsCaptcha =
      failures >= this.captchaAfter || (await this.events.count(ipKey(ip), this.windowMs, this.captchaAfter)) >= this.captchaAfter;
    if (!needsCaptcha) return;
    if (!altcha) throw new AppError('CAPTCHA_REQUIRED', 403, 'Prove that you are not a robot');
    const verdict = await this.captcha.verify(altcha);
    if (verdict !== 'ok') throw new AppError('CAPTCHA_INVALID', 403, `The robot check failed (${verdict})`);
  }

  failed(email: string, ip: string): Promise<void> {
    return this.events.add(emailKey(email), ipKey(ip));
  }

  /** A success (or a new password from the environment) clears the e-mail's count; the address's fades. */
  succeeded(email: string): Promise<void> {
    return this.events.reset(emailKey(email));
  }

  /** The lock opens when the `lockAfter`-th newest failure leaves the window. */
  private async secondsUntilOpen(email: string): Promise<number> {
    const [row] = await this.db
      .select({ at: rateEvents.at })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, emailKey(email)), gt(rateEvents.at, new Date(this.now() - this.windowMs))))
      .orderBy(desc(rateEvents.at))
      .limit(1)
      .offset(this.lockAfter - 1);
    if (!row) return 1;
    const opensAt = row.at.getTime() + this.windowMs;
    return Math.max(1, Math.ceil((opensAt - this.now()) / 1000));
  }
}

const emailKey = (email: string) => `staff-fail:email:${email}`;
const ipKey = (ip: string) => `staff-fail:ip:${ip}`;
