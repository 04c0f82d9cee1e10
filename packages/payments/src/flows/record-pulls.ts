import type { RefundReason } from '@kiosk/contracts';
import { newId } from '@kiosk/core';
import { flag, moneyText, stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { settleLockedCharges } from './settle-charge.ts';
import { failInvoiceAttempt } from '../invoices/service.ts';
import type { CollectVerdict } from '../methods/adapter.ts';
import {
  cancelPaymentIntent,
  createPaymentIntents,
  markIntentsProcessing,
} from '../payment-intents/service.ts';
import { lockSubscription } from '../subscriptions/service.ts';
import type { PaymentsTables } from '../tables.ts';

/** The method a pull went through, and the network its references are unique in. */
export interface CollectedBy {
  id: string;
  type: string;
  network: string;
}

/**
 * A pull the rail answered "received" for a subscription invoice (as the transaction recording it
 * reads the invoice now), by the method it was pulled through.
 */
export interface Pull {
  invoice: PaymentsTables['invoices'];
  method: CollectedBy;
  received: Extract<CollectVerdict, { outcome: 'received' }>;
}

/**
 * Why a pull's money pays nothing: its invoice was closed after the pull was asked for (voided by the
 * merchant, by its checkout's expiry or its buyer's discard; or paid by another payment). Undefined
 * while the invoice is payable (open, or uncollectible: still payable).
 */
function closedReason(invoice: Pull['invoice']): RefundReason | undefined {
  if (invoice.status === 'open' || invoice.status === 'uncollectible') return undefined;
  return invoice.status === 'paid' ? 'already_paid' : 'invoice_void';
}

/**
 * The pulls as payments: an intent for each invoice and its charge, settled as every payment is (in
 * one statement each for the batch where the batch allows it). A pull for an invoice closed meanwhile
 * took the money all the same: it is recorded too, its intent canceled (nothing will pay it) and its
 * charge refundable in full (closedReason); the invoice, its subscription and its checkout stay as
 * they were closed. Such a pull whose proof is counted already (a replay) is recorded there.
 */
export async function recordCollections(deps: Deps, trx: Executor, received: Pull[]): Promise<void> {
  const pulls = await withoutCountedClosed(trx, received);
  if (pulls.length === 0) return;
  const closed = pulls.map(({ invoice }) => closedReason(invoice));
  const sessionIds = pulls.flatMap(({ invoice }) => invoice.checkout_session_id ?? []);
  const openSessions = new Set(
    sessionIds.length
      ? (
          await trx
            .selectFrom('checkout_sessions')
            .select('id')
            .where('id', 'in', sessionIds)
            .where('status', '=', 'open')
            .execute()
        ).map((session) => session.id)
      : [],
  );
  const intents = await createPaymentIntents(
    deps,
    trx,
    pulls.map(({ invoice, method, received }, i) => ({
      livemode: flag(invoice.livemode),
      // A closed invoice may owe nothing any more (paid): its intent is for what the pull took.
      amount: closed[i] ? received.amount : BigInt(moneyText(invoice.amount_remaining)),
      currencyId: invoice.currency_id,
      methodId: method.id,
      customerId: invoice.customer_id,
      // The first invoice of a checkout completes it when paid; a closed one's pull completes nothing.
      sessionId:
        !closed[i] && invoice.checkout_session_id && openSessions.has(invoice.checkout_session_id)
          ? invoice.checkout_session_id
          : null,
      description: invoice.description,
      invoiceId: invoice.id,
    })),
  );
  for (const [i, intent] of intents.entries()) if (closed[i]) await cancelPaymentIntent(deps, trx, intent.id);
  // Settled at once: the invoice names the intent when the intent pays it (payInvoice).
  const processing = new Map(
    (
      await markIntentsProcessing(
        deps,
        trx,
        intents.filter((_, i) => !closed[i]).map((intent) => intent.id),
      )
    ).map((intent) => [intent.id, intent]),
  );
  const charges = await deps.resources.charges.insertMany(
    trx,
    pulls.map(({ invoice, method, received }, i) => ({
      id: newId('charge'),
      livemode: invoice.livemode,
      status: 'pending' as const,
      payment_intent_id: intents[i]!.id,
      payment_method_id: method.id,
      currency_id: invoice.currency_id,
      amount_due: intents[i]!.amount,
      network: method.network,
      reference: received.reference,
      round: 1,
      checks: 0,
      check_until: deps.clock.nowUnix(),
      amount: '0',
      payer: null,
      details: '{}',
      amount_refundable: '0',
      refund_reason: null,
      amount_refunded: '0',
      failure_code: null,
      last_check_error: null,
      undone_at: null,
      ...stamps(deps.clock),
    })),
    'charge.pending',
  );
  await settleLockedCharges(
    deps,
    trx,
    pulls.map(({ method, received: { outcome: _received, ...received } }, i) => ({
      charge: charges[i]!,
      intent: processing.get(intents[i]!.id),
      received: { ...received, methodType: method.type },
      closed: closed[i],
    })),
  );
  await giveUpUnpaidPulls(
    deps,
    trx,
    charges.map((charge) => charge.id),
  );
}

/**
 * The pulls, less those for a closed invoice whose proof of payment is counted already: the same pull
 * found again (two collections of the invoice asked at once, the first paid it). Its money is on the
 * charge holding the proof, paid or refundable; a second record would only be refused.
 */
async function withoutCountedClosed(trx: Executor, pulls: Pull[]): Promise<Pull[]> {
  const closed = pulls.filter(({ invoice }) => closedReason(invoice));
  if (closed.length === 0) return pulls;
  const counted = await trx
    .selectFrom('payment_references')
    .select(['network', 'reference'])
    .where((eb) =>
      eb.or(
        closed.map(({ method, received }) =>
          eb.and([eb('network', '=', method.network), eb('reference', '=', received.reference)]),
        ),
      ),
    )
    .execute();
  const held = new Set(counted.map((row) => `${row.network} ${row.reference}`));
  return pulls.filter(
    ({ invoice, method, received }) =>
      !closedReason(invoice) || !held.has(`${method.network} ${received.reference}`),
  );
}

/**
 * A pull recorded that left its invoice open (its proof counted before, short of the amount): every
 * later try finds the same pull again, so no retry can pay the invoice. It is given up at once,
 * uncollectible and its subscription past due (the customer pays it by hand), rather than staying due.
 */
async function giveUpUnpaidPulls(deps: Deps, trx: Executor, chargeIds: string[]): Promise<void> {
  const unpaid = await trx
    .selectFrom('charges')
    .innerJoin('payment_intents', 'payment_intents.id', 'charges.payment_intent_id')
    .innerJoin('invoices', 'invoices.id', 'payment_intents.invoice_id')
    .select([
      'invoices.id as invoiceId',
      'invoices.subscription_id as subscriptionId',
      'charges.failure_code',
    ])
    .where('charges.id', 'in', chargeIds)
    .where('invoices.status', '=', 'open')
    .execute();
  for (const { invoiceId, subscriptionId, failure_code } of unpaid) {
    await failInvoiceAttempt(deps, trx, invoiceId, { code: failure_code ?? 'TX_FAILED', retryAt: null });
    if (subscriptionId) await markPastDue(deps, trx, subscriptionId);
  }
}

/** Every retry failed: the subscription is past due (an incomplete one stays incomplete). */
export async function markPastDue(deps: Deps, trx: Executor, subscriptionId: string): Promise<void> {
  const subscription = await lockSubscription(deps, trx, subscriptionId);
  if (subscription.status !== 'trialing' && subscription.status !== 'active') return;
  await deps.resources.subscriptions.transition(trx, subscriptionId, subscription.status, 'past_due', {
    type: 'customer.subscription.updated',
  });
}
