import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_HELP_REASONS, type TPaymentHelpReason } from '@portal/contracts/payment-help';
import { fromMinorUnits } from '@portal/contracts/payments';
import type { Db } from '../../db/client.ts';
import { games, paymentHelpRequests, payments, type PaymentRow, type UserRow } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { escapeHtml } from '../../integrations/mail/templates.ts';
import { AppError } from '../../lib/app-error.ts';

export interface PaymentHelpServiceOptions {
  db: Db;
  mailer: Mailer;
  /** where the letters go (SUPPORT_EMAIL) */
  supportEmail: string;
  log: FastifyBaseLogger;
  /** letters one player may send per window; default 5 an hour */
  limit?: { max: number; windowMs: number };
}

export interface PaymentHelpLetter {
  email: string;
  reason: TPaymentHelpReason;
  paymentId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REASON_TEXT: Record<TPaymentHelpReason, string> = {
  [PAYMENT_HELP_REASONS.dropNotCredited]: 'Drop not credited (Не начислен дроп)',
  [PAYMENT_HELP_REASONS.other]: 'Other',
};

/**
 * Payment help (the "Support request" screen, `send-letter-support`): a signed-in player writes
 * to support about one of their own payments. The letter goes to SUPPORT_EMAIL with what a
 * support agent needs to act without asking back; every letter is kept, and counts for the
 * per-player limit (kept in the table, so it holds across processes and restarts).
 */
export class PaymentHelpService {
  private readonly options: PaymentHelpServiceOptions;

  constructor(options: PaymentHelpServiceOptions) {
    this.options = options;
  }
  /** Account deletion: the player's help letters (their e-mail, nickname and words) go. */
  async erasePersonalData(tx: Db, userId: string): Promise<void> {
    await tx.delete(paymentHelpRequests).where(eq(paymentHelpRequests.userId, userId));
  }

  /** `project`: the caller came with a host's token, which asks about its own project's payments only. */
  async send(user: UserRow, letter: PaymentHelpLetter, project?: string): Promise<void> {
    const { db, mailer, supportEmail } = this.options;
    const { max, windowMs } = this.options.limit ?? { max: 5, windowMs: 60 * 60 * 1000 };
    const [payment] = UUID.test(letter.paymentId) ? await db.select().from(payments).where(eq(payments.id, letter.paymentId)) : [];
    if (!payment || payment.userId !== user.id || (project !== undefined && payment.project !== project)) {
      throw new AppError('PAYMENT_NOT_FOUND', 404, 'Payment not found');
    }

    const id = randomUUID();
    await db.transaction(async (tx) => {
      // One player's letters are counted one at a time, so parallel requests cannot pass the limit together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-help:${user.id}`}))`);
      const since = new Date(Date.now() - windowMs);
      const [recent] = await tx
        .select({ n: count() })
        .from(paymentHelpRequests)
        .where(and(eq(paymentHelpRequests.userId, user.id), gt(paymentHelpRequests.createdAt, since)));
      if ((recent?.n ?? 0) >= max) throw new AppError('RATE_LIMITED', 429, 'Too many payment help requests; try again later');
      await tx.insert(paymentHelpRequests).values({
        id,
        userId: user.id,
        paymentId: payment.id,
        nickName: user.nickName,
        authType: user.currentAuthType,
        email: letter.email,
        reason: letter.reason,
        sentTo: supportEmail,
      });
    });

    let messageId: string;
    try {
      ({ messageId } = await mailer.send(await this.letter(user, payment, letter)));
    } catch (error) {
      // Not sent: the player may try again, and this attempt does not count.
      await db.delete(paymentHelpRequests).where(eq(paymentHelpRequests.id, id));
      this.options.log.error({ err: error, paymentId: payment.id }, 'payment help letter not sent');
      throw new AppError('MAIL_NOT_SENT', 502, 'The letter could not be sent; try again later');
    }
    await db.update(paymentHelpRequests).set({ messageId }).where(eq(paymentHelpRequests.id, id));
  }

  private async letter(user: UserRow, payment: PaymentRow, letter: PaymentHelpLetter): Promise<MailMessage> {
    const [game] = await this.options.db.select({ localization: games.localization }).from(games).where(eq(games.project, payment.project));
    const projectTitle = game?.localization.en?.name ?? game?.localization.ru?.name;
    const rows: Array<[string, string]> = [
      ['Reason', REASON_TEXT[letter.reason]],
      ['Player ID', user.id],
      ['Nickname', user.nickName],
      ['Sign-in type', user.currentAuthType],
      ['Reply to (player e-mail)', letter.email],
      ['Payment ID', payment.id],
      ['Project', projectTitle ? `${projectTitle} (${payment.project})` : payment.project],
      ['Item', `${payment.titleEn} / ${payment.titleRu} (${payment.priceId})`],
      ['Amount', `${fromMinorUnits(payment.amountMinor, payment.currency)} ${payment.currency}`],
      ['Status', payment.status],
      ['Provider', payment.provider ?? 'not chosen'],
      ['Created', payment.createdAt.toISOString()],
      ['Paid', payment.paidAt ? payment.paidAt.toISOString() : '-'],
    ];
    const subject = `Payment help: ${REASON_TEXT[letter.reason]} — payment ${payment.id}`;
    const text = [
      `A player asks for help with a payment.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      `Reply to ${letter.email} to answer the player.`,
    ].join('\n');
    const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>A player asks for help with a payment.</p><table cellpadding="4">${rows
      .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
      .join(
        '',
      )}</table><p>Reply to <a href="mailto:${escapeHtml(letter.email)}">${escapeHtml(letter.email)}</a> to answer the player.</p></body></html>`;
    return { to: this.options.supportEmail, replyTo: letter.email, subject, text, html };
  }
}
