import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag, toJson } from '../db.ts';
import type { Deps } from '../deps.ts';
import { enqueueCollection } from '../billing/collect.ts';
import { createSubscriptionInvoice } from '../invoices/service.ts';
import type { Buyer } from '../schemas.ts';
import {
  cycleCharge,
  findSubscriptionRow,
  lockSubscription,
  mandateRequestOf,
  storedMandateOf,
  subscriptionMethod,
} from '../subscriptions/service.ts';
import { checkBuyer } from './order.ts';
import { completeSession, findSessionRow, lockSession } from './service.ts';
import { confirmSetup } from './setup.ts';

/**
 * POST /api/checkout-sessions/{id}/mandate: the buyer's wallet has sent the mandate. The server reads
 * the chain through the method's adapter (trusting nothing the browser says) and, once the mandate is
 * there and is what was asked, starts the subscription: a trial begins at once and the checkout is
 * complete with nothing to pay; otherwise the first invoice (subscription_create) is collected through
 * the mandate by the billing engine, and the checkout completes when it is paid. A setup session's
 * mandate replaces its subscription's (setup.ts). Calling it again changes nothing.
 */
export async function confirmMandate(deps: Deps, sessionId: string, buyer: Buyer): Promise<void> {
  const session = await findSessionRow(deps.db, sessionId);
  if (!session) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  checkBuyer(session, buyer);
  if (session.mode === 'setup') return confirmSetup(deps, session, buyer);
  const subscription = session.subscription_id
    ? await findSubscriptionRow(deps.db, session.subscription_id)
    : undefined;
  if (!subscription || session.mode !== 'subscription')
    throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
  const collecting = await subscriptionMethod(deps.db, subscription);
  if (!collecting) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const { method: methodRow, currency } = collecting;
  if (storedMandateOf(subscription, methodRow.type) || subscription.status !== 'incomplete') return;

  const { adapter, method } = deps.methods.read(methodRow);
  if (!adapter.verifyMandate) throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  const verdict = await adapter.verifyMandate(method, currency, {
    ...mandateRequestOf(subscription),
    payerDid: buyer.did,
  });
  if (verdict.outcome === 'pending') throw new KioskError('MANDATE_PENDING', { status: 409 });
  if (verdict.outcome === 'rejected') throw new KioskError(verdict.reason, { status: 400 });
  const { outcome: _authorized, ...mandate } = verdict;

  await transaction(deps.db, async (trx) => {
    await lockSession(deps, trx, sessionId);
    const current = await lockSubscription(deps, trx, subscription.id);
    // Another call got here first.
    if (current.status !== 'incomplete' || storedMandateOf(current, methodRow.type)) return;
    const paymentDetails = toJson({ [methodRow.type]: mandate });
    const livemode = flag(current.livemode);
    const period = { start: Number(current.current_period_start), end: Number(current.current_period_end) };
    const trialing = current.trial_end !== null;
    const charge = await cycleCharge(trx, current);
    // A trial's first invoice bills nothing and is paid at once (as Stripe's), so the history starts
    // with the subscription; without a trial it bills the first period through the mandate.
    const invoice = await createSubscriptionInvoice(deps, trx, {
      livemode,
      subscriptionId: current.id,
      customerId: current.customer_id,
      currencyId: current.currency_id,
      billingReason: 'subscription_create',
      total: trialing ? 0n : charge.total,
      lines: trialing ? charge.lines.map((line) => ({ ...line, amount: '0', trial: true })) : charge.lines,
      period,
      description: current.description,
      checkoutSessionId: sessionId,
    });
    if (trialing) {
      await deps.resources.subscriptions.transition(trx, current.id, 'incomplete', 'trialing', {
        type: 'customer.subscription.trial_started',
        set: { payment_details: paymentDetails, latest_invoice_id: invoice.id },
      });
      await completeSession(deps, trx, sessionId, 'no_payment_required');
      return;
    }
    await deps.resources.subscriptions.update(
      trx,
      current.id,
      { payment_details: paymentDetails, latest_invoice_id: invoice.id },
      'customer.subscription.updated',
    );
    await enqueueCollection(deps, trx, [invoice.id], deps.clock.nowMs());
  });
}
