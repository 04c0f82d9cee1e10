export * from './machine.ts';
export * from './checkout-session.ts';
export * from './payment-intent.ts';
export * from './invoice.ts';
export * from './charge.ts';
export * from './subscription.ts';
export * from './app-version-review.ts';
export * from './connect-session.ts';
