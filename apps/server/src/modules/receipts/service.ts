import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '@portal/contracts/format';
import { isLanguage, type Language } from '@portal/contracts/languages';
import { fromMinorUnits } from '@portal/contracts/payments';
import { priceTitleIn } from '@portal/contracts/control';
import type { Db } from '../../db/client.ts';
import { games, jobs, paymentProfiles, paymentRefunds, payments, receipts, users, type PaymentRow } from '../../db/schema.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { receiptMail } from '../../integrations/mail/receipt-mail.ts';
import { renderReceiptPdf } from '../../integrations/pdf/receipt-pdf.ts';
import type { BlobStore } from '../../integrations/storage/blob-store.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueJob, exponentialBackoff, type JobKind } from '../../lib/jobs/queue.ts';

export const RECEIPT_JOB = 'receipt.generate';

/** The publisher selling the items, as its legal documents name it. */
export const RECEIPT_SELLER = { ru: 'ООО «ГеймПортал»', en: 'GamePortal LLC' } as const;

/** How long a receipt link opens the PDF: long enough to open it, short enough not to be shared for good. */
/** The web opens the link right after asking for it, in a new tab: a short life is enough. */
export const RECEIPT_LINK_TTL_MS = 2 * 60 * 1000;
/** The receipt letter's link: signed and owner-bound like the others, for a month (a letter is read later). */
export const RECEIPT_MAIL_LINK_DAYS = 30;

export interface ReceiptsServiceOptions {
  db: Db;
  /** Where the PDFs go, as `<payment id>-<random>.pdf`: DATA_DIR/receipts or the S3 bucket */
  files: BlobStore;
  /** a TrueType font with Cyrillic glyphs */
  fontFile: string;
  /** HMAC key of receipt links; shared by every process */
  linkSecret: string;
  log: FastifyBaseLogger;
  /** called after a job was enqueued, so a worker picks it up at once */
  onJobEnqueued?: () => void;
  /** path prefix of the links */
  linkPrefix?: string;
  /** Sends the receipt letter after a purchase; without one no letter goes. */
  mailer?: Mailer;
  /** PUBLIC_URL: the letter's link is absolute. */
  publicUrl?: string;
}

/** Something `db` or a transaction of it. */
type Executor = Parameters<typeof enqueueJob>[0];

const notFound = () => new AppError('RECEIPT_NOT_FOUND', 404, 'Receipt not found');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PDF receipts of paid payments. A receipt is made once per payment by a
 * job enqueued in the transaction that makes the payment paid (and lazily when a paid
 * payment has none); the player gets a signed, owner-bound link valid for 2 minutes, because a
 * new tab sends no Authorization header.
 */
export class ReceiptsService {
  private readonly options: ReceiptsServiceOptions;
  private readonly files: BlobStore;

  constructor(options: ReceiptsServiceOptions) {
    this.options = options;
    this.files = options.files;
  }

  /** Enqueues the receipt of a payment that just became paid, in the caller's transaction. */
  async enqueue(executor: Executor, paymentId: string): Promise<void> {
    await enqueueJob(executor, RECEIPT_JOB, { paymentId });
  }

  jobKinds(): Record<string, JobKind> {
    return {
      [RECEIPT_JOB]: {
        maxAttempts: 10,
        backoffMs: exponentialBackoff(5_000, 600_000),
        handler: async (payload) => {
          const paymentId = String(payload.paymentId);
          const made = await this.generate(paymentId);
          if (made === 'made' || made === 'exists') await this.mailOnce(paymentId);
        },
      },
    };
  }

  /** Account deletion: the player's receipts go, rows now and PDFs once the deletion committed. */
  async erasePersonalData(tx: Db, userId: string): Promise<() => Promise<void>> {
    const gone = await tx.delete(receipts).where(eq(receipts.userId, userId)).returning({ fileName: receipts.fileName });
    return async () => {
      await Promise.all(gone.map((receipt) => this.files.remove(receipt.fileName)));
    };
  }

  /** Makes the receipt of a paid payment unless it exists; safe to run twice (the job may). */
  async generate(paymentId: string): Promise<'made' | 'exists' | 'not-paid' | 'owner-deleted'> {
    const { db } = this.options;
    const [payment] = UUID.test(paymentId) ? await db.select().from(payments).where(eq(payments.id, paymentId)) : [];
    if (!payment || payment.status !== 'paid') return 'not-paid';
    // A deleted account gets no new receipt (a payment it left pending may still be paid).
    const [owner] = UUID.test(payment.userId)
      ? await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, payment.userId))
      : [];
    if (owner?.deletedAt) return 'owner-deleted';
    const existing = await this.find(payment.id);
    // A refund since the PDF was made: the receipt is made again, showing it.
    if (existing && existing.refundedMinor === payment.refundedMinor && (await this.files.exists(existing.fileName))) return 'exists';

    const pdf = await renderReceiptPdf(await this.contentOf(payment), this.options.fontFile);
    const fileName = `${payment.id}-${randomUUID().slice(0, 8)}.pdf`;
    await this.files.save(fileName, pdf, 'application/pdf');
    const saved = existing
      ? await db
          .update(receipts)
          .set({ fileName, byteSize: pdf.length, createdAt: new Date(), refundedMinor: payment.refundedMinor })
          .where(eq(receipts.paymentId, payment.id))
          .returning()
      : await db
          .insert(receipts)
          .values({ paymentId: payment.id, userId: payment.userId, fileName, byteSize: pdf.length, refundedMinor: payment.refundedMinor })
          .onConflictDoNothing()
          .returning();
    if (saved.length === 0) {
      // Another worker made it first: keep theirs.
      await this.files.remove(fileName);
      return 'exists';
    }
    if (existing) await this.files.remove(existing.fileName);
    this.options.log.info({ paymentId: payment.id, bytes: pdf.length }, 'receipt made');
    return 'made';
  }

  /**
   * The link of the player's receipt, or "" while it is being made (the dialog then tells
   * the player to wait). Another player's payment, or one not paid, has no receipt for them.
   */
  /** `project`: the caller came with a host's token, which reads its own project's receipts only. */
  async linkFor(userId: string, paymentId: string, now = Date.now(), project?: string): Promise<string> {
    const { db } = this.options;
    const [payment] = UUID.test(paymentId) ? await db.select().from(payments).where(eq(payments.id, paymentId)) : [];
    if (!payment || payment.userId !== userId || (project !== undefined && payment.project !== project)) {
      throw new AppError('PAYMENT_NOT_FOUND', 404, 'Payment not found');
    }
    if (payment.status !== 'paid') throw new AppError('PAYMENT_NOT_PAID', 409, 'Only a paid payment has a receipt');
    const receipt = await this.find(payment.id);
    if (receipt && (await this.files.exists(receipt.fileName))) return this.link(payment.id, userId, now);
    await this.enqueueOnce(payment.id);
    return '';
  }

  /** The PDF behind a link, checked for its owner and expiry. */
  async open(paymentId: string, token: string | undefined, now = Date.now()): Promise<{ pdf: Buffer; downloadName: string }> {
    if (!UUID.test(paymentId)) throw notFound();
    const receipt = await this.find(paymentId);
    if (!receipt) throw notFound();
    const verdict = this.verify(paymentId, receipt.userId, token, now);
    if (verdict === 'expired')
      throw new AppError('RECEIPT_LINK_EXPIRED', 410, 'The receipt link has expired; open the receipt again from the purchase history');
    if (verdict !== 'ok') throw new AppError('FORBIDDEN', 403, 'The receipt link is not valid');
    const pdf = await this.files.load(receipt.fileName);
    if (pdf) return { pdf, downloadName: `receipt-${paymentId}.pdf` };
    await this.enqueueOnce(paymentId);
    throw notFound();
  }

  /**
   * The receipt letter, once per receipt: claimed (`mailed_at`) before it goes, so two workers
   * never both send it; a refused send gives the claim back and throws, so the job tries again.
   * It goes to the payment's receipt address (else the saved one, else the account's), in the
   * language the player paid in, with a signed, owner-bound link valid for a month.
   */
  async mailOnce(paymentId: string, now = Date.now()): Promise<'sent' | 'already' | 'no-address' | 'no-mailer'> {
    const { db, mailer, publicUrl } = this.options;
    if (!mailer || !publicUrl) return 'no-mailer';
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.status !== 'paid') return 'already';
    const to = await this.buyerEmailOf(payment);
    if (!to) return 'no-address';
    const claimed = await db
      .update(receipts)
      .set({ mailedAt: new Date(now) })
      .where(and(eq(receipts.paymentId, paymentId), isNull(receipts.mailedAt)))
      .returning({ paymentId: receipts.paymentId });
    if (claimed.length === 0) return 'already';
    const language: Language = payment.language && isLanguage(payment.language) ? payment.language : receiptLanguageOf(payment);
    const names = await this.namesOf(payment, language);
    const ttl = RECEIPT_MAIL_LINK_DAYS * 86_400_000;
    try {
      await mailer.send({
        to,
        ...receiptMail(language, {
          projectName: names.projectName,
          itemTitle: names.itemTitle,
          amount: formatMoney(payment.amountMinor / 100, payment.currency),
          link: `${publicUrl}${this.link(payment.id, payment.userId, now, ttl)}`,
          linkDays: RECEIPT_MAIL_LINK_DAYS,
        }),
      });
    } catch (error) {
      await db.update(receipts).set({ mailedAt: null }).where(eq(receipts.paymentId, paymentId));
      throw error;
    }
    this.options.log.info({ paymentId }, 'receipt letter sent');
    return 'sent';
  }

  /** The game's and the item's names in `language` (English, then the project id, where it has none). */
  private async namesOf(payment: PaymentRow, language: Language): Promise<{ projectName: string; itemTitle: string }> {
    const [game] = await this.options.db.select({ localization: games.localization }).from(games).where(eq(games.project, payment.project));
    return {
      projectName: game?.localization[language]?.name || game?.localization.en?.name || payment.project,
      itemTitle: priceTitleIn(payment.titles, language) || (language === 'ru' ? payment.titleRu : payment.titleEn),
    };
  }

  /** `/api/user/receipts/<id>.pdf?t=<expiry ms>.<HMAC(id, owner, expiry)>` */
  link(paymentId: string, userId: string, now = Date.now(), ttlMs = RECEIPT_LINK_TTL_MS): string {
    const expires = now + ttlMs;
    return `${this.options.linkPrefix ?? '/api/user/receipts'}/${paymentId}.pdf?t=${expires}.${this.mac(paymentId, userId, expires)}`;
  }

  private verify(paymentId: string, ownerId: string, token: string | undefined, now: number): 'ok' | 'expired' | 'forged' {
    const match = /^(\d{10,16})\.([\w-]{43})$/.exec(token ?? '');
    if (!match) return 'forged';
    const expires = Number(match[1]);
    const expected = Buffer.from(this.mac(paymentId, ownerId, expires));
    const given = Buffer.from(match[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
    return expires < now ? 'expired' : 'ok';
  }

  private mac(paymentId: string, userId: string, expires: number): string {
    return createHmac('sha256', this.options.linkSecret).update(`receipt.${paymentId}.${userId}.${expires}`).digest('base64url');
  }

  private async find(paymentId: string) {
    const [row] = await this.options.db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
    return row;
  }

  /** A receipt job for the payment unless one is waiting already. */
  private async enqueueOnce(paymentId: string): Promise<void> {
    const { db } = this.options;
    const [waiting] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, RECEIPT_JOB), isNull(jobs.doneAt), sql`${jobs.payload}->>'paymentId' = ${paymentId}`))
      .limit(1);
    if (!waiting) await this.enqueue(db, paymentId);
    this.options.onJobEnqueued?.();
  }

  /** The buyer's e-mail: the payment's receipt address, else the saved one, else the account's. */
  private async buyerEmailOf(payment: PaymentRow): Promise<string | null> {
    const { db } = this.options;
    if (payment.receiptEmail) return payment.receiptEmail;
    const [profile] = await db
      .select({ email: paymentProfiles.receiptEmail })
      .from(paymentProfiles)
      .where(eq(paymentProfiles.userId, payment.userId));
    const [user] = UUID.test(payment.userId) ? await db.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)) : [];
    return profile?.email ?? user?.email ?? null;
  }

  private async contentOf(payment: PaymentRow) {
    const { db } = this.options;
    const language = receiptLanguageOf(payment);
    const { projectName } = await this.namesOf(payment, language);
    const refunds = await db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, 'succeeded')))
      .orderBy(paymentRefunds.finishedAt);
    return {
      language,
      seller: RECEIPT_SELLER[language],
      projectName,
      itemTitle: language === 'ru' ? payment.titleRu : payment.titleEn,
      amount: fromMinorUnits(payment.amountMinor, payment.currency),
      currency: payment.currency,
      paymentId: payment.id,
      paidAt: payment.paidAt ?? payment.finishedAt ?? payment.updatedAt,
      buyerEmail: await this.buyerEmailOf(payment),
      refunds: refunds.map((refund) => ({
        amount: fromMinorUnits(refund.amountMinor, refund.currency),
        at: refund.finishedAt ?? refund.updatedAt,
      })),
      refundedWhole: payment.refundedMinor >= payment.amountMinor,
    };
  }
}

/** The PDF's language: Russian for roubles, English otherwise. */
function receiptLanguageOf(payment: PaymentRow): 'ru' | 'en' {
  return payment.currency === 'RUB' ? 'ru' : 'en';
}
