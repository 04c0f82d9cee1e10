import { isKioskError, KioskError } from '@kiosk/core';
import { outsideUnitOfWork, transaction } from '@kiosk/db';
import type { Deps } from '../deps.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import { findSessionRow } from '../checkout-sessions/queries.ts';
import { claimRailPayment } from './claim-payment.ts';
import { confirmCheckoutMandate } from './confirm-checkout-mandate.ts';
import { recordRailRefunds } from './rail-refunds.ts';

/**
 * A notice from a method's rail (a Stripe webhook): refused with 400 unless the rail signed it; a
 * mandate it names is confirmed as the customer's page would; a payment whose refunds changed has them
 * read from the rail (rail-refunds.ts); a payment it names is named for its order as the buyer's return
 * would name it, and then read from the rail by the same checks (check-charge.ts). So a notice replayed, late or out of order changes nothing
 * a check would not, and a lost one costs nothing when the buyer comes back.
 */
export async function receiveRailNotice(
  deps: Deps,
  methodId: string,
  notice: { body: string; headers: Record<string, unknown> },
): Promise<void> {
  // Its own reads and transactions, not the request's unit of work: a mandate it names is asked of
  // the rail first (confirmCheckoutMandate), which must come before a unit of work's first read.
  return outsideUnitOfWork(() => receive(deps, methodId, notice));
}

async function receive(
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
  if (read.kind === 'mandate') return confirmNoticedMandate(deps, rail.method.id, read.mandateKey);
  if (read.kind === 'refunds') return recordRailRefunds(deps, rail, read.reference);
  const intentId = read.paymentKey.startsWith('cs_')
    ? (await findSessionRow(deps.db, read.paymentKey))?.payment_intent_id
    : read.paymentKey;
  // A payment for nothing Kiosk knows (another system on the same account) is not Kiosk's to record.
  if (!intentId) return;
  await transaction(deps.db, (trx) => claimRailPayment(deps, trx, intentId, rail.method.id, read.reference));
}

/**
 * A mandate the rail says the customer authorised (a card saved for a subscription or setup checkout):
 * confirmed as the customer's page would confirm it, by reading the rail. Only for a checkout that
 * still asks this method (one re-submitted with another has nothing to confirm here); a mandate the
 * rail does not show yet, or a checkout closed meanwhile, is left to the page.
 */
async function confirmNoticedMandate(deps: Deps, methodId: string, sessionId: string): Promise<void> {
  const session = await findSessionRow(deps.db, sessionId);
  if (!session?.customer_did || session.payment_method_id !== methodId) return;
  try {
    await confirmCheckoutMandate(deps, sessionId, { did: session.customer_did });
  } catch (error) {
    if (!isKioskError(error) || error.status >= 500) throw error;
  }
}
