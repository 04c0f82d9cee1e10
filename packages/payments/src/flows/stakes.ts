import type { BillingReason } from '@kiosk/core';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { createSubscriptionInvoice } from '../invoices/service.ts';
import type { InvoiceBuyer, InvoiceRow } from '../invoices/table.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import type { SubscriptionRow } from '../subscriptions/service.ts';
import { invoiceBuyers } from './invoice-buyers.ts';

/*
 * What the stake flows share (confirm-checkout-mandate, slash-stake, return-stake, watch-stakes;
 * docs/staking.md): the method that holds a subscription's stake, and the invoices a stake makes.
 */

/** The method holding a stake, read by its adapter; undefined when the merchant removed it. */
export async function stakeMethod(
  deps: Deps,
  subscription: SubscriptionRow,
  stake: { payment_method_id: string },
) {
  const method = await getPaymentMethod(deps.db, flag(subscription.livemode), stake.payment_method_id);
  return method && deps.methods.read(method);
}

/**
 * An invoice of `subscription`'s stake (`stake`, `slash_stake`, `return_stake`), in the current
 * period, never collected: the stake's own rail moves its money. `buyer` where the caller has it,
 * else the subscription's buyer as its checkout gave them.
 */
export async function createStakeInvoice(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
  invoice: {
    billingReason: Extract<BillingReason, 'stake' | 'slash_stake' | 'return_stake'>;
    currencyId: string;
    total: bigint;
    lines: unknown[];
    description: string | null;
    checkoutSessionId?: string;
    buyer?: InvoiceBuyer;
  },
): Promise<InvoiceRow> {
  const buyer =
    invoice.buyer ??
    (
      await invoiceBuyers(trx, [
        { customerId: subscription.customer_id, checkoutSessionId: subscription.checkout_session_id },
      ])
    )[0]!;
  return createSubscriptionInvoice(deps, trx, {
    livemode: flag(subscription.livemode),
    subscriptionId: subscription.id,
    customerId: subscription.customer_id,
    buyer,
    currencyId: invoice.currencyId,
    billingReason: invoice.billingReason,
    total: invoice.total,
    lines: invoice.lines,
    period: {
      start: Number(subscription.current_period_start),
      end: Number(subscription.current_period_end),
    },
    description: invoice.description,
    checkoutSessionId: invoice.checkoutSessionId ?? null,
    collect: false,
  });
}
