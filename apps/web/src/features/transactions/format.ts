import type { TPaymentHistoryItem } from '@portal/contracts/payments';
import { formatMoney } from '@/shared/format-price';

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD in the player's own calendar. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The price with its currency sign (₽ for RUB, else $), in the shared money format. */
export function formatAmount(item: Pick<TPaymentHistoryItem, 'price' | 'currency'>): string {
  return formatMoney(item.price, item.currency === 'RUB' ? 'RUB' : 'USD');
}
