export interface ResendPolicyOptions {
  /** shortest gap between two mails of the same kind to one address; default 60 s */
  minIntervalSeconds?: number;
  /** most mails of the same kind to one address in any rolling hour; default 5 */
  maxPerHour?: number;
  now?: () => number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a code may be mailed again. Pure over the list of earlier send times (epoch ms) that a
 * repository keeps per address and purpose; the answer is the seconds to wait, which the
 * screens show as the mm:ss resend countdown.
 */
export class ResendPolicy {
  readonly minIntervalSeconds: number;
  readonly maxPerHour: number;
  private readonly now: () => number;

  constructor(options: ResendPolicyOptions = {}) {
    this.minIntervalSeconds = options.minIntervalSeconds ?? 60;
    this.maxPerHour = options.maxPerHour ?? 5;
    if (this.minIntervalSeconds < 0 || this.maxPerHour < 1) throw new RangeError('invalid resend policy');
    this.now = options.now ?? Date.now;
  }

  /** 0 when a mail may go now, otherwise whole seconds until it may (rounded up, so never too early). */
  secondsToWait(sentAt: readonly number[]): number {
    const now = this.now();
    const recent = this.withinHour(sentAt, now);
    let readyAt = now;
    const last = recent.at(-1);
    if (last !== undefined) readyAt = Math.max(readyAt, last + this.minIntervalSeconds * 1000);
    if (recent.length >= this.maxPerHour) {
      // The hour window frees a slot when the oldest send that keeps it full turns an hour old.
      const oldestBlocking = recent[recent.length - this.maxPerHour] ?? now;
      readyAt = Math.max(readyAt, oldestBlocking + HOUR_MS);
    }
    return Math.max(0, Math.ceil((readyAt - now) / 1000));
  }

  /** The history to store after a send: this send added, entries older than an hour dropped. */
  record(sentAt: readonly number[]): number[] {
    const now = this.now();
    return [...this.withinHour(sentAt, now), now];
  }

  private withinHour(sentAt: readonly number[], now: number): number[] {
    return sentAt.filter((t) => t > now - HOUR_MS).sort((a, b) => a - b);
  }
}
