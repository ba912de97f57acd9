import { PAYMENT_PROVIDERS, type TPaymentProviderId } from '@portal/contracts/payments';
import { SandboxPaymentProvider, type SandboxProviderOptions } from './sandbox.ts';
import { StripePaymentProvider, type StripeProviderOptions } from './stripe.ts';
import type { PaymentProvider } from './types.ts';
import { YandexPayPaymentProvider, type YandexPayProviderOptions } from './yandex-pay.ts';
import { YookassaPaymentProvider, type YookassaProviderOptions } from './yookassa.ts';

export interface PaymentProvidersOptions {
  /** Keys of each real provider; a provider left out is served by the sandbox. */
  stripe?: StripeProviderOptions;
  yookassa?: YookassaProviderOptions;
  'yandex-pay'?: YandexPayProviderOptions;
  /** Shared by every sandbox: the store of sandbox payments and the event callback. */
  sandbox: Omit<SandboxProviderOptions, 'provider'>;
}

export interface PaymentProviders {
  get(id: TPaymentProviderId): PaymentProvider;
  /** The sandbox standing in for `id`, or undefined when that provider is real. */
  sandbox(id: TPaymentProviderId): SandboxPaymentProvider | undefined;
  readonly all: readonly PaymentProvider[];
}

/** Picks, per provider, the real adapter when its options are given, else the sandbox (STYLE rule 9). */
export function createPaymentProviders(options: PaymentProvidersOptions): PaymentProviders {
  const sandboxOf = (provider: TPaymentProviderId) => new SandboxPaymentProvider({ ...options.sandbox, provider });
  const byId: Record<TPaymentProviderId, PaymentProvider> = {
    stripe: options.stripe ? new StripePaymentProvider(options.stripe) : sandboxOf('stripe'),
    yookassa: options.yookassa ? new YookassaPaymentProvider(options.yookassa) : sandboxOf('yookassa'),
    'yandex-pay': options['yandex-pay'] ? new YandexPayPaymentProvider(options['yandex-pay']) : sandboxOf('yandex-pay'),
  };
  return {
    get: (id) => byId[id],
    sandbox: (id) => {
      const provider = byId[id];
      return provider instanceof SandboxPaymentProvider ? provider : undefined;
    },
    all: PAYMENT_PROVIDERS.map((id) => byId[id]),
  };
}
