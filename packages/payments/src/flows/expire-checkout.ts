import { KioskError, REAIMABLE_INTENT_STATUSES, SECONDS, type CancellationFeedback } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { expireLockedSession, lockSession, type ExpireOutcome } from '../checkout-sessions/service.ts';
import type { CheckoutSessionRow as SessionRow } from '../checkout-sessions/table.ts';
import type { Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { getInvoice, unpaidInvoiceIdsOf } from '../invoices/queries.ts';
import { voidInvoice } from '../invoices/service.ts';
import { cancelPaymentIntent } from '../payment-intents/service.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';
import {
  cancelSubscription,
  expireIncompleteSubscription,
  lockSubscription,
} from '../subscriptions/service.ts';

/**
 * Issue 21 item 3: nothing is owed until the buyer pays. A checkout left unpaid ends with its session
 * (Stripe gives a subscription's first payment 23 hours; here the session's own `expires_at`): its
 * payment intent is canceled, an invoice it left open is voided, and a subscription still waiting for
 * its first payment ends `incomplete_expired`. Its buyer may also discard such a subscription at once.
 */

/** Open sessions past their time, and sessions expired on sight, looked at in one sweep at most. */
const SWEEP_PAGE = 500;
/**
 * How far back the sweep looks for sessions a buyer's page expired on sight (retrieveSession), whose
 * order it has not closed yet: the page only ever gets there first within the sweep's own minute.
 */
const ON_SIGHT_WINDOW_SECONDS = SECONDS.hour;

/**
 * PUT /api/checkout-sessions/{id}/expire and the sweep: the session expires (unless a payment for it
 * is being checked) and what its order left unpaid is closed, in one transaction with an event for
 * each change. A session found expired already has its order closed too.
 */
export async function expireCheckout(deps: Deps, id: string): Promise<ExpireOutcome> {
  return transaction(deps.db, async (trx) => {
    const session = await lockSession(deps, trx, id);
    const outcome = await expireLockedSession(deps, trx, session);
    if (outcome === 'expired' || session.status === 'expired') await closeUnpaidOrder(deps, trx, session);
    return outcome;
  });
}

/**
 * The job's sweep: open sessions past `expires_at` expire, and those a buyer's page expired on sight
 * have their order closed; answers how many sessions expired.
 */
export async function expireAbandonedCheckouts(deps: Deps): Promise<number> {
  const now = deps.clock.nowUnix();
  const due = await deps.db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .limit(SWEEP_PAGE)
    .execute();
  const leftOpen = await deps.db
    .selectFrom('checkout_sessions as session')
    .leftJoin('payment_intents as intent', 'intent.id', 'session.payment_intent_id')
    .leftJoin('subscriptions as subscription', 'subscription.id', 'session.subscription_id')
    .select('session.id')
    .where('session.status', '=', 'expired')
    .where('session.expires_at', '>', now - ON_SIGHT_WINDOW_SECONDS)
    .where('session.expires_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('intent.status', 'in', REAIMABLE_INTENT_STATUSES),
        eb('subscription.status', '=', 'incomplete'),
      ]),
    )
    .limit(SWEEP_PAGE)
    .execute();
  let expired = 0;
  for (const { id } of [...due, ...leftOpen]) if ((await expireCheckout(deps, id)) === 'expired') expired++;
  return expired;
}

/**
 * What an expired checkout's order left unpaid: its intent canceled, an open invoice of an order
 * submitted before invoices waited for payment voided, and its subscription, while still waiting for
 * its first payment, `incomplete_expired` with that invoice voided.
 */
async function closeUnpaidOrder(deps: Deps, trx: Executor, session: SessionRow): Promise<void> {
  if (session.payment_intent_id) await cancelPaymentIntent(deps, trx, session.payment_intent_id);
  if (session.invoice_id) {
    const invoice = await getInvoice(trx, session.invoice_id);
    if (invoice?.status === 'open') await voidInvoice(deps, trx, invoice.id);
  }
  if (!session.subscription_id) return;
  const subscription = await lockSubscription(deps, trx, session.subscription_id);
  if (subscription.status !== 'incomplete') return;
  for (const id of await unpaidInvoiceIdsOf(trx, subscription.id)) await voidInvoice(deps, trx, id);
  await expireIncompleteSubscription(deps, trx, subscription);
}

/**
 * PUT /api/subscriptions/{id}/cancel of a subscription still waiting for its first payment: its buyer
 * (or the merchant) discards it. It is canceled at once whatever `at` says (cancelSubscription: nothing
 * of it was paid), its checkout expires so nothing pays it any more, and its unpaid first invoice is
 * voided. A subscription that started meanwhile is cancelled by the usual rules.
 */
export async function discardIncompleteSubscription(
  deps: Deps,
  id: string,
  request: {
    at: 'now' | 'current_period_end';
    feedback?: CancellationFeedback;
    comment?: string;
    requestedBy: 'customer' | 'merchant';
  },
): Promise<void> {
  await transaction(deps.db, async (trx) => {
    // The session first, then the subscription: the order the mandate's confirmation locks them in.
    const sessionId = (await findSubscriptionRow(trx, id))?.checkout_session_id;
    const session = sessionId ? await lockSession(deps, trx, sessionId) : undefined;
    const subscription = await lockSubscription(deps, trx, id);
    if (subscription.status === 'incomplete') {
      if (session && (await expireLockedSession(deps, trx, session)) === 'payment_in_progress')
        throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });
      for (const invoiceId of await unpaidInvoiceIdsOf(trx, id)) await voidInvoice(deps, trx, invoiceId);
    }
    await cancelSubscription(deps, id, request);
  });
}
