import PDFDocument from 'pdfkit';
import { formatMoney } from '@portal/contracts/format';
import type { TCurrency } from '@portal/contracts/payments';

/** What a receipt shows; texts already in the receipt's language. */
export interface ReceiptContent {
  /** ru for payments in roubles, en otherwise */
  language: 'ru' | 'en';
  seller: string;
  projectName: string;
  itemTitle: string;
  /** "199.90" */
  amount: string;
  currency: TCurrency;
  paymentId: string;
  paidAt: Date;
  buyerEmail: string | null;
  /** Refunds that succeeded, oldest first ("49.50" and when): the receipt shows each and what is left. */
  refunds?: Array<{ amount: string; at: Date }>;
  /** Whether the refunds gave back the whole amount. */
  refundedWhole?: boolean;
}

const LABELS = {
  ru: {
    title: 'Кассовый чек',
    seller: 'Продавец',
    project: 'Проект',
    item: 'Товар',
    amount: 'Сумма',
    paymentId: 'Номер платежа',
    date: 'Дата',
    status: 'Статус',
    paid: 'оплачен',
    refunded: 'возвращён',
    partlyRefunded: 'частично возвращён',
    refund: 'Возврат',
    method: 'Способ оплаты',
    debitCard: 'дебетовая карта',
    buyer: 'Покупатель (e-mail)',
    noEmail: 'не указан',
    footer: 'Документ сформирован автоматически и подтверждает оплату.',
  },
  en: {
    title: 'Receipt',
    seller: 'Seller',
    project: 'Project',
    item: 'Item',
    amount: 'Amount',
    paymentId: 'Payment ID',
    date: 'Date',
    status: 'Status',
    paid: 'paid',
    refunded: 'refunded',
    partlyRefunded: 'partly refunded',
    refund: 'Refund',
    method: 'Payment method',
    debitCard: 'debit card',
    buyer: 'Buyer (e-mail)',
    noEmail: 'not given',
    footer: 'This document was generated automatically and confirms the payment.',
  },
} as const;

/** 2026-11-22 23:45:07 UTC */
export function receiptDate(date: Date): string {
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 19)} UTC`;
}

/**
 * Renders a one-page PDF receipt with pdfkit. Every text is set in `fontFile`, a TrueType
 * font with Cyrillic glyphs embedded (subset) in the file, so Russian titles print and can be
 * extracted as text; the PDF's standard fonts cover Latin-1 only.
 */
export function renderReceiptPdf(content: ReceiptContent, fontFile: string): Promise<Buffer> {
  const labels = LABELS[content.language];
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    font: fontFile,
    info: { Title: `${labels.title} ${content.paymentId}`, Author: content.seller, Subject: content.itemTitle },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(18).text(labels.title, { align: 'center' });
  doc.moveDown(0.3).fontSize(9).fillColor('#666666').text(content.paymentId, { align: 'center' });
  doc.moveDown(1.2).fillColor('#000000');
  const rows: Array<[string, string]> = [
    [labels.seller, content.seller],
    [labels.project, content.projectName],
    [labels.item, content.itemTitle],
    [labels.amount, `${formatMoney(Number(content.amount), content.currency)} (${content.currency})`],
    [labels.paymentId, content.paymentId],
    [labels.date, receiptDate(content.paidAt)],
    [labels.status, content.refunds?.length ? (content.refundedWhole ? labels.refunded : labels.partlyRefunded) : labels.paid],
    ...(content.refunds ?? []).map((refund): [string, string] => [
      labels.refund,
      `−${formatMoney(Number(refund.amount), content.currency)} (${receiptDate(refund.at)})`,
    ]),
    [labels.method, labels.debitCard],
    [labels.buyer, content.buyerEmail ?? labels.noEmail],
  ];
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc
      .fontSize(9)
      .fillColor('#666666')
      .text(label, left, y, { width: width * 0.38 });
    const labelBottom = doc.y;
    doc
      .fontSize(11)
      .fillColor('#000000')
      .text(value, left + width * 0.4, y, { width: width * 0.6 });
    doc.y = Math.max(doc.y, labelBottom) + 6;
  }
  doc.moveDown(1.5).fontSize(8).fillColor('#666666').text(labels.footer, left, doc.y, { width, align: 'center' });
  doc.end();
  return done;
}
