import type { TPriceItem } from '@portal/contracts/control';
import type { Language } from '@portal/contracts/languages';

export interface PriceView {
  title: string;
  value: string;
}

const number = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);

/** Russian shows ruTitle and ruValue in roubles (₽); every other language enTitle and enValue in dollars ($). */
export function formatPrice(item: TPriceItem, lng: Language): PriceView {
  if (lng === 'ru') return { title: item.ruTitle, value: `${number(item.ruValue, 'ru-RU')} ₽` };
  return { title: item.enTitle, value: `$${number(item.enValue, 'en-US')}` };
}
