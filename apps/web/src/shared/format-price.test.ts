import { describe, expect, it } from 'vitest';
import type { TPriceItem } from '@portal/contracts/control';
import { formatMoney, formatPrice } from './format-price';

const item: TPriceItem = {
  id: 'gems-100',
  ruTitle: '100 кристаллов',
  ruValue: 149,
  enTitle: '100 gems',
  enValue: 1.99,
  logoName: 'gems.png',
};

describe('formatPrice', () => {
  it('shows roubles and the Russian title in Russian', () => {
    expect(formatPrice(item, 'ru')).toEqual({ title: '100 кристаллов', value: '149 ₽' });
  });

  it('shows dollars and the English title otherwise', () => {
    expect(formatPrice(item, 'en')).toEqual({ title: '100 gems', value: '$1.99' });
    expect(formatPrice(item, 'de').value).toBe('$1.99');
  });

  it('groups thousands', () => {
    expect(formatPrice({ ...item, ruValue: 14990 }, 'ru').value.replace(/\s/g, ' ')).toBe('14 990 ₽');
    expect(formatPrice({ ...item, enValue: 1999 }, 'en').value).toBe('$1,999');
  });
});

describe('formatMoney', () => {
  it('puts ₽ after roubles and $ before dollars', () => {
    expect(formatMoney(79, 'RUB')).toBe('79 ₽');
    expect(formatMoney(0.99, 'USD')).toBe('$0.99');
  });

  it('writes whole amounts without decimals and others with two', () => {
    expect(formatMoney(5, 'USD')).toBe('$5');
    expect(formatMoney(0.5, 'USD')).toBe('$0.50');
    expect(formatMoney(1499.5, 'RUB').replace(/\s/g, ' ')).toBe('1 499,50 ₽');
  });
});
