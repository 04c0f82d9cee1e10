import type { PaymentIntentStatus } from '@kiosk/core';

type ChipColor = 'default' | 'info' | 'success' | 'warning';

/** How each payment intent status reads at a glance: money in, money moving, waiting on someone, over. */
export const PAYMENT_STATUS_COLOR: Record<PaymentIntentStatus, ChipColor> = {
  requires_payment_method: 'warning',
  requires_confirmation: 'warning',
  requires_action: 'warning',
  processing: 'info',
  requires_capture: 'info',
  succeeded: 'success',
  canceled: 'default',
};
