import { PlaceholderScreen } from '@/shared/ui/placeholder-screen';

// Purchase history arrives with the transactions issue; its routes already stand.
export const TransactionsRoute = () => <PlaceholderScreen titleKey="transactions.title" />;
export const TransactionHelpRoute = () => <PlaceholderScreen titleKey="transactions.helpTitle" />;
