// The one entry other layers compose: the history with its help form for a modal.
export { TransactionsPanel, type TransactionsPanelProps } from './transactions-panel-lazy';
