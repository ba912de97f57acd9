import { Suspense, lazy } from 'react';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import type { PaymentFlowProps } from './components/payment-flow';

export type { PaymentFlowProps };

// The flow brings its forms and provider screens: a game page that only might take a payment
// does not download them until the game asks for one.
const Flow = lazy(async () => ({ default: (await import('./components/payment-flow')).PaymentFlow }));

/** The payment flow for the game host's modal, loaded when it opens. */
export function PaymentFlow(props: PaymentFlowProps) {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Flow {...props} />
    </Suspense>
  );
}
