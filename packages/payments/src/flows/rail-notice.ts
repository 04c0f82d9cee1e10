import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { Deps } from '../deps.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import { findSessionRow } from '../checkout-sessions/queries.ts';
import { claimRailPayment } from './claim-payment.ts';

/**
 * A notice from a method's rail (a Stripe webhook): refused with 400 unless the rail signed it; a
 * payment it names is named for its order as the buyer's return would name it, and then read from the
 * rail by the same checks (check-charge.ts). So a notice replayed, late or out of order changes nothing
 * a check would not, and a lost one costs nothing when the buyer comes back.
 */
export async function receiveRailNotice(
  deps: Deps,
  methodId: string,
  notice: { body: string; headers: Record<string, unknown> },
): Promise<void> {
  // The rail's request carries no mode: the method's id says which it is.
  const method =
    (await getPaymentMethod(deps.db, true, methodId)) ?? (await getPaymentMethod(deps.db, false, methodId));
  const rail = method && deps.methods.read(method);
  if (!rail?.adapter.readNotice) throw new KioskError('PAYMENT_METHOD_NOT_FOUND', { status: 404 });
  const read = rail.adapter.readNotice(rail.method, notice);
  if (read.kind === 'ignored') return;
  const intentId = read.paymentKey.startsWith('cs_')
    ? (await findSessionRow(deps.db, read.paymentKey))?.payment_intent_id
    : read.paymentKey;
  // A payment for nothing Kiosk knows (another system on the same account) is not Kiosk's to record.
  if (!intentId) return;
  await transaction(deps.db, (trx) => claimRailPayment(deps, trx, intentId, rail.method.id, read.reference));
}
