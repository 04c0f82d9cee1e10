import { askFirst, transaction } from '@kiosk/db';
import type { Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { payInvoice } from '../invoices/service.ts';
import type { StakeReturn } from '../methods/adapter.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';
import { lockSubscription } from '../subscriptions/service.ts';
import { subscriptionJson } from '../subscriptions/table.ts';
import { createStakeInvoice, stakeMethod } from './stakes.ts';

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
  const rail = await stakeMethod(deps, subscription, stake);
  if (!rail?.adapter.returnStake)
    throw new Error(`stake of ${subscriptionId}: its method is gone or holds no stakes`);
  const returned = await askFirst(() => rail.adapter.returnStake!(rail.method, stake));
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
  const invoice = await createStakeInvoice(deps, trx, subscription, {
    billingReason: 'return_stake',
    currencyId: stake.currency_id,
    total: returned.amount,
    lines: [{ kind: 'return_stake', amount: returned.amount.toString(), description: null }],
    description: subscription.description,
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
