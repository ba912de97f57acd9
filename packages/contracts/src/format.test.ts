import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format.ts';

describe('the one date and money format', () => {
  it('dates as YYYY-MM-DD and times as YYYY-MM-DD HH:mm, in local time', () => {
    const local = new Date(2026, 0, 5, 9, 7, 0);
    expect(formatDate(local.toISOString())).toBe('2026-01-05');
    expect(formatDate(local)).toBe('2026-01-05');
    expect(formatDateTime(local.toISOString())).toBe('2026-01-05 09:07');
    expect(formatDate('nonsense')).toBe('');
    expect(formatDateTime('nonsense')).toBe('');
  });

  it('roubles with ₽ after, dollars with $ before; whole amounts without decimals', () => {
    expect(formatMoney(79, 'RUB')).toBe('79 ₽');
    expect(formatMoney(1499.5, 'RUB').replace(/\s/g, ' ')).toBe('1 499,50 ₽');
    expect(formatMoney(0.99, 'USD')).toBe('$0.99');
    expect(formatMoney(5, 'USD')).toBe('$5');
    expect(formatMoney(0.5, 'USD')).toBe('$0.50');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
  });
});
