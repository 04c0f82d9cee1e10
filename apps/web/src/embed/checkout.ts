// The embeddable bundle (`/embed/checkout.js`): host pages import mountCheckout and mountDonation from it.
export {
  mountCheckout,
  mountDonation,
  type MountCheckoutOptions,
  type MountDonationOptions,
  type MountedCheckout,
  type MountedDonation,
} from '@kiosk/react/embed';
