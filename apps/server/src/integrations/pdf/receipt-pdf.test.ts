import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { receiptDate, renderReceiptPdf } from './receipt-pdf.ts';
import { extractPdfText } from './testing/extract-text.ts';

const FONT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts/DejaVuSans.ttf');
const base = {
  seller: 'Portal Games',
  projectName: 'Семейный город',
  itemTitle: 'Сундук с золотом',
  amount: '199.00',
  currency: 'RUB' as const,
  paymentId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  paidAt: new Date('2026-11-22T23:45:07Z'),
  buyerEmail: 'buyer@players.example',
};

describe('renderReceiptPdf', () => {
  it('makes a PDF whose text holds the Cyrillic title, amount, id, UTC date, status, method and buyer', async () => {
    const pdf = await renderReceiptPdf({ ...base, language: 'ru' }, FONT);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/FontFile2'); // the TrueType font is embedded
    const text = (await extractPdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of [
      'Кассовый чек',
      'Сундук с золотом',
      'Семейный город',
      'Portal Games',
      '199 ₽ (RUB)',
      base.paymentId,
      '2026-11-22 23:45:07 UTC',
      'оплачен',
      'дебетовая карта',
      'buyer@players.example',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('writes English labels for a payment in dollars', async () => {
    const pdf = await renderReceiptPdf(
      { ...base, language: 'en', itemTitle: 'Chest of gold', currency: 'USD', amount: '2.99', buyerEmail: null },
      FONT,
    );
    const text = (await extractPdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of ['Receipt', 'Chest of gold', '$2.99 (USD)', 'paid', 'debit card', 'not given']) expect(text).toContain(expected);
  });

  it('dates in UTC as YYYY-MM-DD and time', () => {
    expect(receiptDate(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02 03:04:05 UTC');
  });
});
