import { TransactionHelpPage } from './components/transaction-help-page';
import { TransactionsPage } from './components/transactions-page';

export const TransactionsRoute = () => <TransactionsPage />;
export const TransactionHelpRoute = () => <TransactionHelpPage />;
