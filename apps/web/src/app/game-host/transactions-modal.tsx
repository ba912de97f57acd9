import { TransactionsPanel } from '@/features/transactions';

/** The transactions feature's history, with its payment-help form, in the modal. */
export function TransactionsModal({ onClose }: { onClose: () => void }) {
  return <TransactionsPanel onClose={onClose} />;
}
