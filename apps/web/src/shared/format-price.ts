import type { TPriceItem } from '@portal/contracts/control';
import type { Language } from '@portal/contracts/languages';
import { formatMoney } from '@portal/contracts/format';

export { formatMoney };

export interface PriceView {
  title: string;
  value: string;
}

/** Russian shows ruTitle and ruValue in roubles (₽); every other language enTitle and enValue in dollars ($). */
export function formatPrice(item: TPriceItem, lng: Language): PriceView {
  if (lng === 'ru') return { title: item.ruTitle, value: formatMoney(item.ruValue, 'RUB') };
  return { title: item.enTitle, value: formatMoney(item.enValue, 'USD') };
}
