/** One outgoing message, already rendered (see `templates.ts`). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** where replies go when not to the sender (a player's address on a letter to support) */
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
}

/**
 * Where mail goes: a real SMTP server (`smtp.ts`) or, without `SMTP_URL`, the in-memory dev
 * mailbox (`dev-mailbox.ts`). Callers never know which.
 */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /** releases pooled connections on shutdown */
  close(): Promise<void>;
}
