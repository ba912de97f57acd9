import type { TPriceItem } from '@portal/contracts/control';
import type { Language } from '@portal/contracts/languages';
import type { TCurrency } from '@portal/contracts/payments';

/**
 * The one money format of the player screens (prices, the payment screen, the purchase history).
 * Spec: RUB shows ₽ after the amount, USD shows $ before it. Whole amounts go without decimals,
 * others with two (`79 ₽`, `1 499,50 ₽`, `$0.99`, `$5`).
 */
export function formatMoney(value: number, currency: TCurrency): string {
  const digits = Number.isInteger(value) ? 0 : 2;
  const options = { minimumFractionDigits: digits, maximumFractionDigits: 2 };
  if (currency === 'RUB') return `${new Intl.NumberFormat('ru-RU', options).format(value)} ₽`;
  return `$${new Intl.NumberFormat('en-US', options).format(value)}`;
}

export interface PriceView {
  title: string;
  value: string;
}

/** Russian shows ruTitle and ruValue in roubles (₽); every other language enTitle and enValue in dollars ($). */
export function formatPrice(item: TPriceItem, lng: Language): PriceView {
  if (lng === 'ru') return { title: item.ruTitle, value: formatMoney(item.ruValue, 'RUB') };
  return { title: item.enTitle, value: formatMoney(item.enValue, 'USD') };
}
