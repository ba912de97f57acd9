import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.ts';
import { ConfigError } from '../../config.ts';
import { providerOptions } from './setup.ts';

describe('provider keys', () => {
  it('no keys: every provider is the sandbox; a full set: the real adapter with its base URL', () => {
    expect(providerOptions(testConfig())).toEqual({});
    const options = providerOptions(
      testConfig({ YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 's', YOOKASSA_API_BASE: 'http://127.0.0.1:1/v3' }),
    );
    expect(options).toEqual({ yookassa: { shopId: '1', secretKey: 's', apiBaseUrl: 'http://127.0.0.1:1/v3' } });
  });

  it('half a set of keys stops the start with one line naming the missing variable', () => {
    expect(() => providerOptions(testConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }))).toThrow(ConfigError);
    expect(() => providerOptions(testConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }))).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    expect(() => providerOptions(testConfig({ YANDEX_PAY_API_KEY: 'k' }))).toThrow(/YANDEX_PAY_MERCHANT_ID/);
  });
});
