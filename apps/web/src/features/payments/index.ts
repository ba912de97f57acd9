/** The payments feature's public face for app-level composition. */
export { PaymentFlow, type PaymentFlowProps } from './payment-flow-lazy';
export type { PaymentStep } from './components/payment-flow';
export { closedResult, type PaymentHostResult } from './result';
