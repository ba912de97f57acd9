import { Suspense, lazy } from 'react';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import type { TransactionsPanelProps } from './components/transactions-panel';

export type { TransactionsPanelProps };

// The history and its help form load when the player opens them, not with the game page.
const Panel = lazy(async () => ({ default: (await import('./components/transactions-panel')).TransactionsPanel }));

/** The purchase history with its help form, for the game host's modal. */
export function TransactionsPanel(props: TransactionsPanelProps) {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Panel {...props} />
    </Suspense>
  );
}
