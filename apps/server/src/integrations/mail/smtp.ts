import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer, SentMail } from './mailer.ts';

export interface SmtpMailerOptions {
  /**
   * `smtp://[user:pass@]host:port` or `smtps://…`; nodemailer reads the rest from the URL
   * (e.g. `?ignoreTLS=true` for a local catcher that offers no STARTTLS).
   */
  url: string;
  /** the sender, e.g. `"Portal" <no-reply@example.com>` */
  from: string;
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(options: SmtpMailerOptions) {
    if (!/^smtps?:\/\//.test(options.url)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
    this.transport = nodemailer.createTransport(options.url);
    this.from = options.from;
  }

  async send(message: MailMessage): Promise<SentMail> {
    // Only the four fields are passed on, so a caller cannot slip in headers, attachments or a sender.
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
    return { messageId: String(info.messageId) };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
