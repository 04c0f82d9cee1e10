import type { RefundReason } from '@kiosk/contracts';
import { fromJson, moneyText, toJson, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { completeSession } from '../checkout-sessions/service.ts';
import { lockStock, quantitiesOf, type StoredLine } from '../checkout-sessions/lines.ts';
import { payInvoice } from '../invoices/service.ts';
import type { Received } from '../methods/adapter.ts';
import { failIntentPayment, succeedIntent } from '../payment-intents/service.ts';
import { activateAfterPayment, lockSubscription } from '../subscriptions/service.ts';
import { applyPaidPlanChange } from '../subscriptions/plan-change.ts';
import type { PaymentsTables } from '../tables.ts';

type ChargeRow = PaymentsTables['charges'];
type IntentRow = PaymentsTables['payment_intents'];

/**
 * What a verified payment does, in the caller's transaction with an event for each change. A proof
 * of payment counts once, ever (`payment_references`). It pays the intent only if the intent is
 * waiting for it (processing, the same method and currency), it is at least what the intent asks,
 * and the order's stock is still there (checked with the prices locked); then the intent, the invoice
 * and the session change together and stock is counted. Money that arrived but pays nothing — too
 * little, for an order already paid or closed, or for stock sold meanwhile — stays on the charge as
 * refundable, as does what was paid beyond the amount due. Nothing that arrived is lost.
 */
export async function settleCharge(
  deps: Deps,
  trx: Executor,
  chargeId: string,
  received: Received & { methodType: string },
): Promise<void> {
  await settleLockedCharge(deps, trx, { charge: await lockRow(deps, trx, 'charges', chargeId) }, received);
}

/**
 * settleCharge of a charge this transaction has locked, and of its intent when it holds that too
 * (a pull is recorded and settled in one transaction that wrote both).
 */
export async function settleLockedCharge(
  deps: Deps,
  trx: Executor,
  locked: { charge: ChargeRow; intent?: IntentRow },
  received: Received & { methodType: string },
): Promise<void> {
  const { charge } = locked;
  if (locked.intent && locked.intent.id !== charge.payment_intent_id)
    throw new Error(`charge ${charge.id} is not of payment intent ${locked.intent.id}`);
  if (charge.status !== 'pending') return;
  const counted = await trx
    .insertInto('payment_references')
    .values({
      network: charge.network,
      reference: charge.reference,
      charge_id: charge.id,
      created_at: deps.clock.nowUnix(),
    })
    .onConflict((oc) => oc.columns(['network', 'reference']).doNothing())
    .returning('charge_id')
    .executeTakeFirst();
  if (!counted) return failCharge(deps, trx, charge.id, 'TX_ALREADY_USED');

  const intent = locked.intent ?? (await lockRow(deps, trx, 'payment_intents', charge.payment_intent_id));
  const session = intent.checkout_session_id
    ? await trx
        .selectFrom('checkout_sessions')
        .select(['status', 'line_items'])
        .where('id', '=', intent.checkout_session_id)
        .executeTakeFirst()
    : undefined;
  const due = BigInt(moneyText(intent.amount));
  const waiting =
    intent.status === 'processing' &&
    intent.currency_id === charge.currency_id &&
    intent.payment_method_id === charge.payment_method_id &&
    (session === undefined || session.status === 'open');
  const enough = waiting && received.amount >= due;
  // Its stock is checked again, and stays locked until it is counted sold: a hold may have lapsed
  // (the session passed its time while the payment was on its way) and the stock gone to another.
  const soldOut = enough && session !== undefined && !(await stockLeft(deps, trx, session.line_items));
  const pays = enough && !soldOut;
  const refundable = pays ? received.amount - due : received.amount;
  const reason: RefundReason | null = pays
    ? refundable > 0n
      ? 'overpaid'
      : null
    : soldOut
      ? 'sold_out'
      : waiting
        ? 'underpaid'
        : intent.status === 'succeeded'
          ? 'already_paid'
          : 'order_closed';
  await deps.resources.charges.transition(trx, charge.id, 'pending', 'succeeded', {
    type: 'charge.succeeded',
    set: {
      amount: received.amount.toString(),
      payer: received.payer,
      details: toJson(received.details),
      amount_refundable: refundable.toString(),
      refund_reason: reason,
    },
  });
  if (!pays) {
    if (intent.status === 'processing' && !(await otherPending(trx, charge)))
      await failIntentPayment(
        deps,
        trx,
        intent.id,
        soldOut ? 'SOLD_OUT' : waiting ? 'UNDERPAID' : 'ORDER_CLOSED',
      );
    return;
  }

  await succeedIntent(deps, trx, intent, {
    amount: received.amount,
    methodType: received.methodType,
    details: received.details,
  });
  await payInvoicesOf(deps, trx, intent);
  if (intent.checkout_session_id) await completeCheckout(deps, trx, intent);
}

/** The unpaid invoices an intent pays, read through the id and `invoices_payment_intent` indexes. */
export function unpaidInvoicesOf(db: Executor, intent: Pick<IntentRow, 'id' | 'invoice_id'>) {
  const query = db
    .selectFrom('invoices')
    .select(['id', 'subscription_id', 'total', 'status_transitions'])
    .where('status', 'in', ['open', 'uncollectible']);
  const { invoice_id: own } = intent;
  return (
    own
      ? query.where((eb) => eb.or([eb('id', '=', own), eb('payment_intent_id', '=', intent.id)]))
      : query.where('payment_intent_id', '=', intent.id)
  ).orderBy('id');
}

/**
 * The invoices an intent pays: its own (a checkout's, a cycle's), or every one that names it (the
 * overdue invoices a customer pays at once); a subscription whose payment this was runs again.
 */
async function payInvoicesOf(deps: Deps, trx: Executor, intent: IntentRow): Promise<void> {
  const invoices = await unpaidInvoicesOf(trx, intent).execute();
  for (const invoice of invoices) await payInvoice(deps, trx, invoice, intent.id);
  const paid = new Set(invoices.map((invoice) => invoice.id));
  const subscriptions = new Set(invoices.flatMap((invoice) => invoice.subscription_id ?? []));
  for (const id of subscriptions) {
    const subscription = await lockSubscription(deps, trx, id);
    await applyPaidPlanChange(deps, trx, subscription, paid);
    await activateAfterPayment(deps, trx, subscription);
  }
}

/** A refused or unconfirmed charge; the intent waits for the buyer again if nothing else is on its way. */
export async function failCharge(deps: Deps, trx: Executor, chargeId: string, code: string): Promise<void> {
  const charge = await deps.resources.charges.transition(trx, chargeId, 'pending', 'failed', {
    type: 'charge.failed',
    set: { failure_code: code },
  });
  if (charge && !(await otherPending(trx, charge)))
    await failIntentPayment(deps, trx, charge.payment_intent_id, code);
}

async function otherPending(trx: Executor, charge: ChargeRow): Promise<boolean> {
  const other = await trx
    .selectFrom('charges')
    .select('id')
    .where('payment_intent_id', '=', charge.payment_intent_id)
    .where('status', '=', 'pending')
    .where('id', '!=', charge.id)
    .executeTakeFirst();
  return other !== undefined;
}

/** Whether every price of these lines still has their quantities, holding the prices (lockStock). */
async function stockLeft(deps: Deps, trx: Executor, lineItems: string): Promise<boolean> {
  const wanted = quantitiesOf(fromJson<StoredLine[]>(lineItems, []));
  const stock = await lockStock(deps, trx, [...wanted.keys()]);
  return [...wanted].every(([priceId, quantity]) => {
    const price = stock.get(priceId);
    return (
      !price || price.quantity_available === 0 || price.quantity_sold + quantity <= price.quantity_available
    );
  });
}

async function completeCheckout(deps: Deps, trx: Executor, intent: IntentRow): Promise<void> {
  const session = await completeSession(deps, trx, intent.checkout_session_id!);
  if (!session) return;
  for (const line of fromJson<StoredLine[]>(session.line_items, [])) {
    await trx
      .updateTable('prices')
      .set((eb) => ({ quantity_sold: eb('quantity_sold', '+', line.quantity) }))
      .where('id', '=', line.price_id)
      .execute();
  }
}

/** A row held until the transaction ends (PostgreSQL row lock; SQLite has one writer at a time). */
async function lockRow<T extends 'charges' | 'payment_intents'>(
  deps: Deps,
  trx: Executor,
  table: T,
  id: string,
): Promise<PaymentsTables[T]> {
  let query = trx
    .selectFrom(table as 'charges')
    .selectAll()
    .where('id', '=', id);
  if (deps.engine === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirstOrThrow()) as unknown as PaymentsTables[T];
}
