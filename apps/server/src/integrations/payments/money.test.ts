import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, fromMinorUnits, toMinorUnits } from '@portal/contracts/payments';

const currency = fc.constantFrom(...CURRENCIES);
const minor = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('minor units (RUB, USD)', () => {
  it('round-trips: minor -> decimal string -> minor', () => {
    fc.assert(fc.property(minor, currency, (amount, code) => toMinorUnits(fromMinorUnits(amount, code), code) === amount));
  });

  it('round-trips: decimal string -> minor -> the same amount, written with two digits', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.option(fc.stringMatching(/^\d{1,2}$/), { nil: undefined }))
      .map(([whole, fraction]) => (fraction === undefined ? `${whole}` : `${whole}.${fraction}`));
    fc.assert(
      fc.property(decimal, currency, (text, code) => {
        const [whole = '', fraction = ''] = text.split('.');
        return fromMinorUnits(toMinorUnits(text, code), code) === `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
      }),
    );
  });

  it('takes prices written as numbers exactly, where floating-point arithmetic would not', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 13 }), currency, (amount, code) => toMinorUnits(amount / 100, code) === amount));
    expect(Math.round(19.99 * 100)).toBe(1999);
    expect(19.99 * 100).not.toBe(1999);
    expect(toMinorUnits(19.99, 'USD')).toBe(1999);
    expect(toMinorUnits('1499.5', 'RUB')).toBe(149_950);
    expect(fromMinorUnits(5, 'RUB')).toBe('0.05');
  });

  it('refuses what is not an amount of the currency', () => {
    for (const bad of ['1.999', '-1', '1e3', '', 'abc', '1,50']) expect(() => toMinorUnits(bad, 'RUB')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow(RangeError);
    expect(() => fromMinorUnits(-1, 'USD')).toThrow(RangeError);
  });
});
