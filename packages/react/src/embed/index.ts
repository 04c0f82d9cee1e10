// What a page on another origin embeds: `mountCheckout` and `mountDonation` for any page, and for a host that renders
// Kiosk's checkout inside its own React tree, the form with the providers it needs.
export { mountCheckout, type MountCheckoutOptions, type MountedCheckout } from './mount-checkout.tsx';
export { mountDonation, type MountDonationOptions, type MountedDonation } from './mount-donation.tsx';
export { DonateWidget, type DonateWidgetProps } from '../donate/DonateWidget.tsx';
export {
  CheckoutConnectionProvider,
  createCheckoutConnection,
  type CheckoutConnection,
  type CheckoutConnectionOptions,
  type CheckoutConnectionProviderProps,
} from './checkout-connection.tsx';
export { CheckoutForm, type CheckoutFormProps } from '../checkout/CheckoutForm.tsx';
export { CHECKOUT_LAYOUTS, type CheckoutLayout } from '../checkout/layouts.ts';
export { checkoutEvents } from '../checkout/checkout-events.ts';
