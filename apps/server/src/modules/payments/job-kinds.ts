/** The payments' job kinds on the app's one jobs worker. */
export const WEBHOOK_JOB = 'payment.webhook';
export const RECONCILE_JOB = 'payment.reconcile';
