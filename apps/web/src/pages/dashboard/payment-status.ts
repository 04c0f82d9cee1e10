import type { PaymentIntentStatus } from '@kiosk/core';

type ChipColor = 'default' | 'info' | 'success' | 'warning';

/**
 * How each payment intent status reads at a glance: money in, money moving, waiting on someone, over.
 * A checkout's intent waiting for its buyer is no money owed (issue 21 item 3): plain, not a warning.
 */
export const PAYMENT_STATUS_COLOR: Record<PaymentIntentStatus, ChipColor> = {
  requires_payment_method: 'warning',
  requires_confirmation: 'warning',
  requires_action: 'default',
  processing: 'info',
  requires_capture: 'info',
  succeeded: 'success',
  canceled: 'default',
};
