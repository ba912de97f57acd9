import type { TPaymentHistoryItem } from '@portal/contracts/payments';

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD in the player's own calendar (spec: date format). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** ₽ after the amount for roubles, $ before it otherwise (spec: price with currency sign). */
export function formatAmount(item: Pick<TPaymentHistoryItem, 'price' | 'currency'>): string {
  if (item.currency === 'RUB') return `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(item.price)} ₽`;
  return `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(item.price)}`;
}
