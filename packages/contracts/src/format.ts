import type { TCurrency } from './payments.ts';

/**
 * The one money format of the product: player screens, the staff console and PDF receipts.
 * Roubles show ₽ after the amount in Russian digit grouping, dollars $ before it; whole amounts
 * go without decimals, others with two (`79 ₽`, `1 499,50 ₽`, `$0.99`, `$5`). Zod-free.
 */
export function formatMoney(value: number, currency: TCurrency): string {
  const digits = Number.isInteger(value) ? 0 : 2;
  const options = { minimumFractionDigits: digits, maximumFractionDigits: 2 };
  if (currency === 'RUB') return `${new Intl.NumberFormat('ru-RU', options).format(value)} ₽`;
  return `$${new Intl.NumberFormat('en-US', options).format(value)}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

const dateOf = (value: string | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** YYYY-MM-DD in the viewer's time zone; empty for a value that is not a date. */
export function formatDate(value: string | Date): string {
  const date = dateOf(value);
  return date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '';
}

/** YYYY-MM-DD HH:mm in the viewer's time zone (message and list times); empty for a non-date. */
export function formatDateTime(value: string | Date): string {
  const date = dateOf(value);
  return date ? `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}
