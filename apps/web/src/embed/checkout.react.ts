// The checkout for hosts that already run React 19 and MUI (`/embed/checkout.react.js`, built by
// vite.embed.react.config.ts): the same modules as checkout.ts, with React, MUI, Emotion, TanStack
// Query and i18next left to the host's bundler or import map. It adds what a React host renders in
// its own tree; checkout.ts keeps only the mount functions, since its components would run on a second React.
export * from './checkout.ts';
export {
  CheckoutConnectionProvider,
  CheckoutForm,
  CHECKOUT_LAYOUTS,
  checkoutEvents,
  createCheckoutConnection,
  DonateWidget,
  type CheckoutConnection,
  type CheckoutConnectionOptions,
  type CheckoutConnectionProviderProps,
  type CheckoutFormProps,
  type CheckoutLayout,
  type DonateWidgetProps,
} from '@kiosk/react/embed';
