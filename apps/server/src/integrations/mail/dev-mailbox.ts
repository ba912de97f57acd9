import { randomUUID } from 'node:crypto';
import type { MailMessage, Mailer, SentMail } from './mailer.ts';

export interface StoredMail extends MailMessage {
  readonly id: string;
  readonly from: string;
  readonly sentAt: Date;
}

export interface DevMailboxOptions {
  from: string;
  /** default 200: enough for a day of local testing, bounded so a loop cannot eat memory */
  capacity?: number;
  now?: () => Date;
}

/**
 * The mailer of the embedded default: keeps what would have been sent, for the `/dev/mail`
 * page and for tests. Memory only, per process, on purpose: it is never the production path.
 */
export class DevMailbox implements Mailer {
  private readonly messages: StoredMail[] = [];
  private readonly from: string;
  private readonly capacity: number;
  private readonly now: () => Date;

  constructor(options: DevMailboxOptions) {
    this.from = options.from;
    this.capacity = options.capacity ?? 200;
    this.now = options.now ?? (() => new Date());
  }

  async send(message: MailMessage): Promise<SentMail> {
    const stored: StoredMail = Object.freeze({
      id: randomUUID(),
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      sentAt: this.now(),
    });
    this.messages.unshift(stored);
    if (this.messages.length > this.capacity) this.messages.length = this.capacity;
    return { messageId: stored.id };
  }

  /** newest first, optionally only those sent to `to` (compared case-insensitively) */
  list(to?: string): readonly StoredMail[] {
    if (to === undefined) return [...this.messages];
    const wanted = to.toLowerCase();
    return this.messages.filter((m) => m.to.toLowerCase() === wanted);
  }

  get(id: string): StoredMail | undefined {
    return this.messages.find((m) => m.id === id);
  }

  clear(): void {
    this.messages.length = 0;
  }

  async close(): Promise<void> {}
}
