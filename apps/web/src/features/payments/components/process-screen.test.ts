import { describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDER_CONFIG, type TPaymentData } from '@portal/contracts/payments';
import { itemOf } from './process-screen';

const data: TPaymentData = {
  projectName: 'Family Town',
  cardLogoImage: '',
  ruName: 'Сундук монет',
  enName: 'Chest of coins',
  ruPrice: 349,
  enPrice: 4.99,
};

describe('itemOf', () => {
  it('names the item by the currency, as the spec says, whatever the interface language', () => {
    const named = { ...data, name: 'Münztruhe' };
    expect(itemOf(named, PAYMENT_PROVIDER_CONFIG.yookassa)).toEqual({ name: 'Сундук монет', price: 349, currency: 'RUB' });
    expect(itemOf(named, PAYMENT_PROVIDER_CONFIG.stripe)).toEqual({ name: 'Chest of coins', price: 4.99, currency: 'USD' });
    expect(itemOf({ ...data, name: 'Мешок' }, PAYMENT_PROVIDER_CONFIG.stripe)).toMatchObject({ name: 'Chest of coins' });
  });

  it('RUB shows the Russian name and USD the English one', () => {
    expect(itemOf(data, PAYMENT_PROVIDER_CONFIG.yookassa)).toEqual({ name: 'Сундук монет', price: 349, currency: 'RUB' });
    expect(itemOf(data, PAYMENT_PROVIDER_CONFIG.stripe)).toEqual({ name: 'Chest of coins', price: 4.99, currency: 'USD' });
    expect(itemOf(data, undefined)).toMatchObject({ name: 'Сундук монет', currency: 'RUB' });
  });
});
