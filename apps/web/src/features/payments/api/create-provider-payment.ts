import { useMutation } from '@tanstack/react-query';
import type { TPaymentProviderId, TStripeCreateAnswer, TYandexPayCreateAnswer, TYookassaCreateAnswer } from '@portal/contracts/payments';
import { apiGet, apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** The provider's answer, tagged with the provider. */
export type ProviderPayment =
  | ({ provider: 'stripe' } & TStripeCreateAnswer)
  | ({ provider: 'yookassa' } & TYookassaCreateAnswer)
  | ({ provider: 'yandex-pay' } & TYandexPayCreateAnswer);

/** Creates the payment at the provider; the server answers the same one again (idempotency key). */
export async function createProviderPayment(provider: TPaymentProviderId, paymentId: string): Promise<ProviderPayment> {
  if (provider === 'stripe') return { provider, ...(await apiGet<TStripeCreateAnswer>(api.paymentStripeCreate(paymentId))) };
  if (provider === 'yookassa') return { provider, ...(await apiGet<TYookassaCreateAnswer>(api.paymentYookassaCreate(paymentId))) };
  return { provider, ...(await apiPost<TYandexPayCreateAnswer>(api.paymentYandexPayCreate(), { paymentId })) };
}

export const useCreateProviderPayment = () =>
  useMutation({
    mutationFn: ({ provider, paymentId }: { provider: TPaymentProviderId; paymentId: string }) =>
      createProviderPayment(provider, paymentId),
  });
