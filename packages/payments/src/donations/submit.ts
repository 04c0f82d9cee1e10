import { KioskError } from '@kiosk/core';
import type { CheckoutSessionRow } from '../checkout-sessions/table.ts';

/**
 * PUT /api/checkout-sessions/{id}/donate-submit (seed 000 §7) is the one submit, which may come without
 * signing in (§6), for a donation session only ("Donation feature is not enabled", §8): a one-time
 * order whose submit_type is `donate`. Checked before the rail is asked anything (an anonymous caller
 * never makes a card processor open a payment for another kind of order), and again in the
 * transaction.
 */
export function refuseUnlessDonation(session: Pick<CheckoutSessionRow, 'submit_type' | 'mode'>): void {
  if (session.submit_type !== 'donate' || session.mode !== 'payment')
    throw new KioskError('DONATION_NOT_ENABLED', { status: 400 });
}
