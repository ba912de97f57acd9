import { DevMailbox } from './dev-mailbox.ts';
import { SmtpMailer } from './smtp.ts';

export interface CreateMailerOptions {
  /** `SMTP_URL`; unset or empty means the dev mailbox */
  smtpUrl?: string | undefined;
  /** `MAIL_FROM` */
  from: string;
}

/**
 * The one place that picks the mailer from config. The concrete type is returned so the app
 * can mount `/dev/mail` only when it got a `DevMailbox`.
 */
export function createMailer(options: CreateMailerOptions): SmtpMailer | DevMailbox {
  const url = options.smtpUrl?.trim();
  return url ? new SmtpMailer({ url, from: options.from }) : new DevMailbox({ from: options.from });
}
