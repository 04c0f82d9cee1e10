import { KioskError } from '@kiosk/core';
import { askFirst, transaction } from '@kiosk/db';
import type { Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { payInvoice, voidInvoice } from '../invoices/service.ts';
import { invoiceJson } from '../invoices/table.ts';
import type { StakeSlash } from '../methods/adapter.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';
import { activateAfterPayment, lockSubscription, type SubscriptionRow } from '../subscriptions/service.ts';
import { SLASH_STAKE_JOB } from '../subscriptions/stake.ts';
import { subscriptionJson } from '../subscriptions/table.ts';
import { createStakeInvoice, stakeMethod } from './stakes.ts';

/** A line of a `slash_stake` invoice: the overdue invoice it pays, and how much. */
interface SlashLine {
  kind: 'slash_stake';
  invoice_id: string;
  amount: string;
  description: null;
}

/**
 * PUT /api/subscriptions/{id}/slash-stake: the merchant takes a past-due subscription's overdue
 * invoices out of its stake. Decided here, in one transaction: the overdue invoices, oldest first,
 * that the stake covers whole, and a `slash_stake` invoice for their sum; the chain is asked by the
 * job this enqueues (settleSlash), and the invoices are paid once it has moved the money. Asked again
 * while one is under way, it answers that one.
 */
export async function startSlash(deps: Deps, id: string, reason: string): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const subscription = await lockSubscription(deps, trx, id);
    const stake = subscriptionJson.stake.read(subscription.stake);
    if (stake?.status !== 'held') throw new KioskError('STAKE_NOT_HELD', { status: 409 });
    if (stake.details.slash_invoice_id) return;
    if (subscription.status !== 'past_due')
      throw new KioskError('SUBSCRIPTION_NOT_PAST_DUE', { status: 409 });
    const lines = await coveredInvoices(trx, subscription, BigInt(stake.amount));
    if (lines.length === 0) throw new KioskError('STAKE_TOO_LOW', { status: 409 });
    const invoice = await createStakeInvoice(deps, trx, subscription, {
      billingReason: 'slash_stake',
      currencyId: stake.currency_id,
      total: lines.reduce((sum, line) => sum + BigInt(line.amount), 0n),
      lines,
      description: reason,
    });
    await deps.resources.subscriptions.update(
      trx,
      id,
      {
        stake: subscriptionJson.stake.write({
          ...stake,
          details: { ...stake.details, slash_invoice_id: invoice.id, slash_reason: reason },
        }),
      },
      'customer.subscription.updated',
    );
    await deps.jobs.enqueue(trx, SLASH_STAKE_JOB, { subscriptionId: id }, { key: `slash:${invoice.id}` });
  });
}

/** The subscription's overdue invoices in the stake's currency, oldest first, as many as `stake` covers whole. */
async function coveredInvoices(
  trx: Executor,
  subscription: SubscriptionRow,
  stake: bigint,
): Promise<SlashLine[]> {
  const overdue = await trx
    .selectFrom('invoices')
    .select(['id', 'amount_remaining'])
    .where('subscription_id', '=', subscription.id)
    .where('currency_id', '=', subscription.currency_id)
    .where('status', 'in', ['open', 'uncollectible'])
    .where('billing_reason', 'not in', ['stake', 'return_stake', 'slash_stake'])
    .where('amount_remaining', '!=', '0')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const lines: SlashLine[] = [];
  let left = stake;
  for (const invoice of overdue) {
    const amount = BigInt(invoice.amount_remaining);
    if (amount > left) break;
    left -= amount;
    lines.push({ kind: 'slash_stake', invoice_id: invoice.id, amount: amount.toString(), description: null });
  }
  return lines;
}

/**
 * The job SLASH_STAKE_JOB: the slash the merchant started goes to the chain first (idempotent per
 * slash invoice), then, on the rows as they stand, the slash invoice and the overdue invoices it
 * covers are paid, the stake holds less, and a past-due subscription with nothing left overdue runs
 * again. Refused on the chain (the customer withdrew it meanwhile), the slash invoice is voided.
 */
export async function settleSlash(deps: Deps, subscriptionId: string): Promise<void> {
  const subscription = await findSubscriptionRow(deps.db, subscriptionId);
  const stake = subscription && subscriptionJson.stake.read(subscription.stake);
  const invoiceId = stake?.details.slash_invoice_id;
  if (!subscription || !stake || !invoiceId) return;
  const invoice = await deps.db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice || invoice.status !== 'open') return;
  const rail = await stakeMethod(deps, subscription, stake);
  if (!rail?.adapter.slashStake)
    throw new Error(`stake of ${subscriptionId}: its method is gone or holds no stakes`);
  const slash = { amount: BigInt(invoice.total), ref: invoiceId };
  const slashed = await askFirst(() => rail.adapter.slashStake!(rail.method, stake, slash));
  await transaction(deps.db, (trx) => recordSlash(deps, trx, subscriptionId, invoiceId, slashed));
}

async function recordSlash(
  deps: Deps,
  trx: Executor,
  subscriptionId: string,
  invoiceId: string,
  slashed: StakeSlash,
): Promise<void> {
  const subscription = await lockSubscription(deps, trx, subscriptionId);
  const stake = subscriptionJson.stake.read(subscription.stake);
  // Another run recorded it meanwhile.
  if (!stake || stake.details.slash_invoice_id !== invoiceId) return;
  const { slash_invoice_id: _settled, ...details } = stake.details;
  if (slashed.outcome === 'refused') {
    await voidInvoice(deps, trx, invoiceId);
    await deps.resources.subscriptions.update(
      trx,
      subscriptionId,
      {
        stake: subscriptionJson.stake.write({
          ...stake,
          details: { ...details, slash_failure: slashed.reason },
        }),
      },
      'customer.subscription.updated',
    );
    return;
  }
  const invoice = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  await payInvoice(deps, trx, invoice);
  for (const line of invoiceJson.lines.read(invoice.lines) as SlashLine[]) {
    const covered = await trx
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', line.invoice_id)
      .where('status', 'in', ['open', 'uncollectible'])
      .executeTakeFirst();
    // Paid otherwise meanwhile (the customer paid it by hand): the slash pays it nothing twice; what it
    // took for it stays the merchant's, as Stripe keeps a payment on a closed invoice, and shows here.
    if (covered) await payInvoice(deps, trx, covered);
  }
  const left = BigInt(stake.amount) - slashed.amount;
  const updated = await deps.resources.subscriptions.update(
    trx,
    subscriptionId,
    {
      stake: subscriptionJson.stake.write({
        ...stake,
        // Returned meanwhile (the subscription ended while the slash ran): it stays returned.
        status: stake.status !== 'held' ? stake.status : left === 0n ? 'slashed' : 'held',
        amount: left.toString(),
        details: { ...details, last_slash_invoice_id: invoiceId, last_slash_reference: slashed.reference },
      }),
    },
    'customer.subscription.updated',
  );
  await activateAfterPayment(deps, trx, updated!);
}
