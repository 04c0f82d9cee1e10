import { KioskError } from '@kiosk/core';
import { askFirst, transaction } from '@kiosk/db';
import { enqueueCollection } from './collection-queue.ts';
import { checkBuyer } from './order.ts';
import { completeSession, lockSession } from '../checkout-sessions/service.ts';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { createSubscriptionInvoice, payInvoice } from '../invoices/service.ts';
import type { InvoiceBuyer } from '../invoices/table.ts';
import type { HeldStake, StoredMandate } from '../methods/adapter.ts';
import type { Buyer } from '../schemas.ts';
import {
  applyRenewal,
  askRenewalVerdict,
  setupAskOf,
  type ConfirmedRenewal,
} from '../subscriptions/reauthorise.ts';
import {
  cycleCharge,
  lockSubscription,
  mandateRequestOf,
  storedMandateOf,
  subscriptionMethod,
  type SubscriptionRow,
} from '../subscriptions/service.ts';
import { findSessionRow } from '../checkout-sessions/queries.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';
import { subscriptionJson } from '../subscriptions/table.ts';
import { invoiceBuyers } from './invoice-buyers.ts';
import { createStakeInvoice } from './stakes.ts';

/**
 * POST /api/checkout-sessions/{id}/mandate, and the `subscription` and `setup` connect actions: the
 * buyer's wallet has sent the mandate. The rail is read first, through the method's adapter (trusting
 * nothing the browser says); then, in one transaction, the subscription starts once the mandate is
 * there and is what was asked: a trial begins at once and the checkout is complete with nothing to
 * pay; otherwise the first invoice (subscription_create) is collected through the mandate by the
 * billing engine, and the checkout completes when it is paid. A setup session's mandate replaces its
 * subscription's and completes the session. Calling it again changes nothing.
 */
export async function confirmCheckoutMandate(deps: Deps, sessionId: string, buyer: Buyer): Promise<void> {
  const asked = await askFirst(() => askCheckoutMandate(deps, sessionId, buyer));
  await transaction(deps.db, (trx) => applyCheckoutMandate(deps, trx, sessionId, asked));
}

/** What the rail says of the session's mandate (askCheckoutMandate), for applyCheckoutMandate. */
export type AskedMandate =
  | { kind: 'nothing to do' }
  | {
      kind: 'subscription';
      subscriptionId: string;
      methodType: string;
      mandate: StoredMandate;
      /** The stake locked with it, when the subscription asked one. */
      stake?: HeldStake;
    }
  /** `confirmed` is unset when the setup's mandate is in place already. */
  | { kind: 'setup'; subscriptionId: string; confirmed: ConfirmedRenewal | undefined };

/** Reads the session and asks the rail for its mandate: outside any transaction. */
export async function askCheckoutMandate(deps: Deps, sessionId: string, buyer: Buyer): Promise<AskedMandate> {
  const session = await findSessionRow(deps.db, sessionId);
  if (!session) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  checkBuyer(session, buyer);
  const subscription = session.subscription_id
    ? await findSubscriptionRow(deps.db, session.subscription_id)
    : undefined;
  if (session.mode === 'setup') {
    if (!subscription) throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
    const ask = setupAskOf(subscription, session.id);
    if (ask === undefined) throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
    const confirmed = ask === 'asked' ? await askRenewalVerdict(deps, subscription, buyer.did) : undefined;
    return { kind: 'setup', subscriptionId: subscription.id, confirmed };
  }
  if (!subscription || session.mode !== 'subscription')
    throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
  const collecting = await subscriptionMethod(deps.db, subscription);
  if (!collecting) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const methodType = collecting.method.type;
  if (storedMandateOf(subscription, methodType) || subscription.status !== 'incomplete')
    return { kind: 'nothing to do' };

  const { adapter, method } = deps.methods.read(collecting.method);
  if (!adapter.verifyMandate) throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  const verdict = await adapter.verifyMandate(method, collecting.currency, {
    ...mandateRequestOf(subscription),
    payerDid: buyer.did,
  });
  if (verdict.outcome === 'pending') throw new KioskError('MANDATE_PENDING', { status: 409 });
  if (verdict.outcome === 'rejected') throw new KioskError(verdict.reason, { status: 400 });
  const { outcome: _authorized, stake, ...mandate } = verdict;
  return { kind: 'subscription', subscriptionId: subscription.id, methodType, mandate, stake };
}

/** Decides and writes what the rail said, on the rows as they stand now. */
export async function applyCheckoutMandate(
  deps: Deps,
  trx: Executor,
  sessionId: string,
  asked: AskedMandate,
): Promise<void> {
  if (asked.kind === 'nothing to do') return;
  const session = await lockSession(deps, trx, sessionId);
  if (asked.kind === 'setup') {
    const subscription = asked.confirmed
      ? await applyRenewal(deps, trx, asked.subscriptionId, asked.confirmed)
      : await lockSubscription(deps, trx, asked.subscriptionId);
    // Asked again meanwhile (another submit): the wallet must send the mandate that stands.
    if (setupAskOf(subscription, sessionId) !== 'in_place')
      throw new KioskError('MANDATE_PENDING', { status: 409 });
    if (session.status === 'open') await completeSession(deps, trx, sessionId, 'no_payment_required');
    return;
  }
  const current = await lockSubscription(deps, trx, asked.subscriptionId);
  // Another call got here first.
  if (current.status !== 'incomplete' || storedMandateOf(current, asked.methodType)) return;
  const paymentDetails = subscriptionJson.payment_details.write({ [asked.methodType]: asked.mandate });
  const livemode = flag(current.livemode);
  const period = { start: Number(current.current_period_start), end: Number(current.current_period_end) };
  const trialing = current.trial_end !== null;
  const charge = await cycleCharge(trx, current);
  // A trial's first invoice bills nothing and is paid at once (as Stripe's), so the history starts
  // with the subscription; without a trial it bills the first period through the mandate.
  const [buyer] = await invoiceBuyers(trx, [
    { customerId: current.customer_id, checkoutSessionId: sessionId },
  ]);
  if (asked.stake) await recordStake(deps, trx, current, { stake: asked.stake, buyer: buyer!, sessionId });
  const invoice = await createSubscriptionInvoice(deps, trx, {
    livemode,
    subscriptionId: current.id,
    customerId: current.customer_id,
    buyer: buyer!,
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
}

/**
 * The stake the customer locked with their mandate (issue 25): kept on the subscription, and a
 * `stake` invoice paid by it at once, so that the customer's history shows what they locked. It is
 * not revenue: the merchant gets it only by a slash, and invoice lists leave it out unless asked
 * (`include_staking`).
 */
async function recordStake(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
  locked: { stake: HeldStake; buyer: InvoiceBuyer; sessionId: string },
): Promise<void> {
  const { stake } = locked;
  const invoice = await createStakeInvoice(deps, trx, subscription, {
    billingReason: 'stake',
    currencyId: subscription.currency_id,
    total: stake.amount,
    lines: [{ kind: 'stake', amount: stake.amount.toString(), description: null }],
    description: subscription.description,
    checkoutSessionId: locked.sessionId,
    buyer: locked.buyer,
  });
  await payInvoice(deps, trx, invoice);
  await deps.resources.subscriptions.update(
    trx,
    subscription.id,
    {
      stake: subscriptionJson.stake.write({
        status: 'held',
        amount: stake.amount.toString(),
        currency_id: subscription.currency_id,
        payment_method_id: subscription.default_payment_method_id!,
        id: stake.id,
        details: { ...stake.details, invoice_id: invoice.id },
      }),
    },
    'customer.subscription.updated',
  );
}
