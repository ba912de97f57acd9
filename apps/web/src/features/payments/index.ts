/** The payments feature's public face for app-level composition (interfaces #1). */
export { PaymentFlow, type PaymentFlowProps } from './components/payment-flow';
export type { PaymentHostResult } from './result';
