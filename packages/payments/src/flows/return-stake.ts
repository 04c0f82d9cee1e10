import { askFirst, transaction } from '@kiosk/db';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { createSubscriptionInvoice, payInvoice } from '../invoices/service.ts';
import type { StakeReturn } from '../methods/adapter.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';
import { lockSubscription } from '../subscriptions/service.ts';
import { subscriptionJson } from '../subscriptions/table.ts';
import { invoiceBuyers } from './invoice-buyers.ts';

/** A subscription in one of these has ended for good: its stake has nothing left to back. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * The job RETURN_STAKE_JOB (subscriptions/stake.ts): an ended subscription's held stake goes back to
 * its customer. The rail is asked first (the adapter's return is idempotent: a stake returned by an
 * earlier run that crashed before recording is answered as it was returned); then, on the row as it
 * stands, the stake is recorded returned with a paid `return_stake` invoice, once.
 */
export async function returnEndedStake(deps: Deps, subscriptionId: string): Promise<void> {
  const subscription = await findSubscriptionRow(deps.db, subscriptionId);
  const stake = subscription && subscriptionJson.stake.read(subscription.stake);
  if (!subscription || stake?.status !== 'held' || !ENDED.has(subscription.status)) return;
  const livemode = flag(subscription.livemode);
  const method = await getPaymentMethod(deps.db, livemode, stake.payment_method_id);
  if (!method)
    throw new Error(`stake of ${subscriptionId}: payment method ${stake.payment_method_id} is gone`);
  const { adapter, method: read } = deps.methods.read(method);
  if (!adapter.returnStake) throw new Error(`the ${method.type} adapter holds no stakes`);
  const returned = await askFirst(() => adapter.returnStake!(read, stake));
  await transaction(deps.db, (trx) => recordReturn(deps, trx, subscriptionId, returned));
}

async function recordReturn(deps: Deps, trx: Executor, subscriptionId: string, returned: StakeReturn) {
  const subscription = await lockSubscription(deps, trx, subscriptionId);
  const stake = subscriptionJson.stake.read(subscription.stake);
  // Another run recorded it meanwhile.
  if (stake?.status !== 'held') return;
  if (returned.outcome === 'gone') {
    const status = returned.reason === 'WITHDRAWN' ? 'withdrawn' : 'slashed';
    await deps.resources.subscriptions.update(
      trx,
      subscriptionId,
      { stake: subscriptionJson.stake.write({ ...stake, status }) },
      'customer.subscription.updated',
    );
    return;
  }
  const [buyer] = await invoiceBuyers(trx, [
    { customerId: subscription.customer_id, checkoutSessionId: subscription.checkout_session_id },
  ]);
  const invoice = await createSubscriptionInvoice(deps, trx, {
    livemode: flag(subscription.livemode),
    subscriptionId,
    customerId: subscription.customer_id,
    buyer: buyer!,
    currencyId: stake.currency_id,
    billingReason: 'return_stake',
    total: returned.amount,
    lines: [{ kind: 'return_stake', amount: returned.amount.toString(), description: null }],
    period: {
      start: Number(subscription.current_period_start),
      end: Number(subscription.current_period_end),
    },
    description: subscription.description,
    checkoutSessionId: null,
    collect: false,
  });
  await payInvoice(deps, trx, invoice);
  await deps.resources.subscriptions.update(
    trx,
    subscriptionId,
    {
      stake: subscriptionJson.stake.write({
        ...stake,
        status: 'returned',
        details: { ...stake.details, return_reference: returned.reference, return_invoice_id: invoice.id },
      }),
    },
    'customer.subscription.updated',
  );
}
