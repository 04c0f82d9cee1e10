// The embeddable checkout bundle (`/embed/checkout.js`): host pages import mountCheckout from it.
export { mountCheckout, type MountCheckoutOptions, type MountedCheckout } from '@kiosk/react/embed';
