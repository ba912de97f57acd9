import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate } from './format';

describe('transactions format', () => {
  it('dates as YYYY-MM-DD', () => {
    const local = new Date(2026, 0, 5, 12, 0, 0);
    expect(formatDate(local.toISOString())).toBe('2026-01-05');
    expect(formatDate('nonsense')).toBe('');
  });

  it('roubles with ₽, everything else with $', () => {
    expect(formatAmount({ price: 79, currency: 'RUB' })).toBe('79 ₽');
    expect(formatAmount({ price: 1499.5, currency: 'RUB' }).replace(/\s/g, ' ')).toBe('1 499,50 ₽');
    expect(formatAmount({ price: 0.99, currency: 'USD' })).toBe('$0.99');
    expect(formatAmount({ price: 5, currency: 'USD' })).toBe('$5');
  });
});
