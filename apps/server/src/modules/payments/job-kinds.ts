/** The payments' job kinds on the app's one jobs worker. */
export const WEBHOOK_JOB = 'payment.webhook';
export const RECONCILE_JOB = 'payment.reconcile';
/** Asks the provider for a refund staff made (under the refund's id), and follows it until it ends. */
export const REFUND_JOB = 'payment.refund';
