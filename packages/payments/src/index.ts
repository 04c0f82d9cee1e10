export { paymentsPlugin } from './plugin.ts';
export { paymentsMigrations } from './tables.ts';
export type { PaymentsContext } from './context.ts';
