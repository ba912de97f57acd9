import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isLanguage } from '@portal/contracts/languages';
import { PAYMENT_PROVIDERS, type TPaymentProviderId } from '@portal/contracts/payments-constants';
import { setRequestContext } from '@/shared/api/client';
import { setLanguage } from '@/shared/i18n/i18n';
import { PaymentFlow } from './components/payment-flow';
import { SandboxCheckout } from './components/sandbox-checkout';
import './components/payments.css';

/** Optional route segments: `-` stands for an empty one (as paths.ts writes them). */
const valueOf = (segment: string | undefined) => (segment && segment !== '-' ? segment : null);

/** /payments/{provider}/id/source/locale/project/jwt with the empty tail left out. */
function providerPath(provider: TPaymentProviderId, segments: (string | null)[]): string {
  const last = segments.reduce((at, value, index) => (value ? index : at), -1);
  const tail = segments.slice(0, last + 1).map((value) => `/${encodeURIComponent(value || '-')}`);
  return `/payments/${provider}${tail.join('')}`;
}

function PaymentRoute({ provider }: { provider?: TPaymentProviderId }) {
  const params = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = valueOf(params.id) ?? search.get('id') ?? '';
  const source = valueOf(params.source) ?? search.get('source');
  const locale = valueOf(params.locale) ?? search.get('locale');
  const project = valueOf(params.project) ?? search.get('project');
  const jwt = valueOf(params.jwt) ?? search.get('jwt');
  useEffect(() => {
    setRequestContext({ source, locale, project });
    if (locale && isLanguage(locale)) void setLanguage(locale);
  }, [locale, project, source]);
  return (
    <PaymentFlow
      key={`${id}:${provider ?? 'process'}`}
      paymentId={id}
      source={source}
      locale={locale}
      project={project}
      jwt={jwt}
      {...(provider ? { provider } : {})}
      onProviderRoute={(chosen) => void navigate(providerPath(chosen, [id, source, locale, project, jwt]))}
    />
  );
}

/** The sandbox's stand-in for a provider's payment page, opened in a window (?checkout=sandbox). */
function ProviderRoute({ provider }: { provider: TPaymentProviderId }) {
  const params = useParams();
  const [search] = useSearchParams();
  if (search.get('checkout') === 'sandbox' && PAYMENT_PROVIDERS.includes(provider)) {
    return (
      <div className="payment-flow">
        <SandboxCheckout provider={provider} paymentId={valueOf(params.id) ?? ''} mode="window" order={search.get('order')} />
      </div>
    );
  }
  return <PaymentRoute provider={provider} />;
}

export const PaymentProcessRoute = () => <PaymentRoute />;
export const YookassaRoute = () => <ProviderRoute provider="yookassa" />;
export const StripeRoute = () => <ProviderRoute provider="stripe" />;
export const YandexPayRoute = () => <ProviderRoute provider="yandex-pay" />;
