import { PAYMENT_PROVIDERS, type TPaymentProviderId } from '@portal/contracts/payments';
import { AppError } from '../../lib/app-error.ts';
import { SandboxPaymentProvider, type SandboxProviderOptions } from './sandbox.ts';
import { StripePaymentProvider, type StripeProviderOptions } from './stripe.ts';
import type { PaymentProvider } from './types.ts';
import { YandexPayPaymentProvider, type YandexPayProviderOptions } from './yandex-pay.ts';
import { YookassaPaymentProvider, type YookassaProviderOptions } from './yookassa.ts';

export interface PaymentProvidersOptions {
  /** Keys of each real provider; a provider left out is served by the sandbox, if there is one. */
  stripe?: StripeProviderOptions;
  yookassa?: YookassaProviderOptions;
  'yandex-pay'?: YandexPayProviderOptions;
  /**
   * Shared by every sandbox: the store of sandbox payments and the event callback. Absent in
   * production: a provider without keys is then not there at all, never a sandbox.
   */
  sandbox?: Omit<SandboxProviderOptions, 'provider'>;
}

export interface PaymentProviders {
  /** The provider serving `id`; PROVIDER_NOT_AVAILABLE (404) when this deployment has none. */
  get(id: TPaymentProviderId): PaymentProvider;
  /** Whether `id` is served here (real, or its sandbox outside production). */
  has(id: TPaymentProviderId): boolean;
  /** The sandbox standing in for `id`, or undefined when that provider is real. */
  sandbox(id: TPaymentProviderId): SandboxPaymentProvider | undefined;
  readonly all: readonly PaymentProvider[];
}

/**
 * Picks, per provider, the real adapter when its options are given, else the sandbox when
 * sandboxes are allowed, else nothing.
 */
export function createPaymentProviders(options: PaymentProvidersOptions): PaymentProviders {
  const sandbox = options.sandbox;
  const sandboxOf = (provider: TPaymentProviderId) => (sandbox ? new SandboxPaymentProvider({ ...sandbox, provider }) : undefined);
  const byId: Record<TPaymentProviderId, PaymentProvider | undefined> = {
    stripe: options.stripe ? new StripePaymentProvider(options.stripe) : sandboxOf('stripe'),
    yookassa: options.yookassa ? new YookassaPaymentProvider(options.yookassa) : sandboxOf('yookassa'),
    'yandex-pay': options['yandex-pay'] ? new YandexPayPaymentProvider(options['yandex-pay']) : sandboxOf('yandex-pay'),
  };
  return {
    get: (id) => {
      const provider = byId[id];
      if (!provider) throw new AppError('PROVIDER_NOT_AVAILABLE', 404, `${id} payments are not available here`);
      return provider;
    },
    has: (id) => byId[id] !== undefined,
    sandbox: (id) => {
      const provider = byId[id];
      return provider instanceof SandboxPaymentProvider ? provider : undefined;
    },
    all: PAYMENT_PROVIDERS.flatMap((id) => byId[id] ?? []),
  };
}
