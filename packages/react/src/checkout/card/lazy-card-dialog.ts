import { lazy } from 'react';

// The card form, Stripe.js's loader and the card texts load only when a buyer pays by card: a crypto
// checkout never fetches them.
export const CheckoutCardDialog = lazy(() =>
  import('./CheckoutCardDialog.tsx').then((module) => ({ default: module.CheckoutCardDialog })),
);
