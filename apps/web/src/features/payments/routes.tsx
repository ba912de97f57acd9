import { useTranslation } from 'react-i18next';
import type { PaymentProvider } from '@portal/contracts/control';
import { PlaceholderScreen } from '@/shared/ui/placeholder-screen';

const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  stripe: 'Stripe',
  yookassa: 'YooKassa',
  'yandex-pay': 'Yandex Pay',
};

// The payment screens arrive with the payments issue; their routes already stand.
export const PaymentProcessRoute = () => <PlaceholderScreen titleKey="payment.title" />;

function ProviderScreen({ provider }: { provider: PaymentProvider }) {
  const { t } = useTranslation();
  return <PlaceholderScreen titleKey="payment.providerTitle" title={t('payment.providerTitle', { provider: PROVIDER_NAMES[provider] })} />;
}

export const YookassaRoute = () => <ProviderScreen provider="yookassa" />;
export const StripeRoute = () => <ProviderScreen provider="stripe" />;
export const YandexPayRoute = () => <ProviderScreen provider="yandex-pay" />;
