import type { RefundReason } from '@kiosk/contracts';
import { chargeJson } from '../charges/table.ts';
import { otherPending } from '../charges/queries.ts';
import { succeedCharge } from '../charges/service.ts';
import { checkoutSessionJson } from '../checkout-sessions/table.ts';
import { moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { completeSession } from '../checkout-sessions/service.ts';
import { quantitiesOf } from '../prices/queries.ts';
import { payInvoice } from '../invoices/service.ts';
import type { ArrivedInstead, Received } from '../methods/adapter.ts';
import { failIntentPayment, succeedIntent } from '../payment-intents/service.ts';
import { activateAfterPayment, lockSubscriptions } from '../subscriptions/service.ts';
import { applyPaidPlanChange } from './change-plan.ts';
import { attributeDonation } from '../donations/donor.ts';
import { invoicePaidOrder } from './order-invoice.ts';
import { reconfirmCharge } from './reconfirm-charge.ts';
import type { PaymentsTables } from '../tables.ts';
import { lockStock, recordSold } from '../prices/stock.ts';

type ChargeRow = PaymentsTables['charges'];
type IntentRow = PaymentsTables['payment_intents'];

/**
 * What a verified payment does, in the caller's transaction with an event for each change. A proof
 * of payment counts once, ever (`payment_references`). It pays the intent only if the intent is
 * waiting for it (processing, the same method and currency), it is at least what the intent asks,
 * and the order's stock is still there (checked with the prices locked); then the intent, the invoice
 * and the session change together and stock is counted. Money that arrived but pays nothing — too
 * little, for an order already paid or closed, or for stock sold meanwhile — stays on the charge as
 * refundable, as does what was paid beyond the amount due. Nothing that arrived is lost. A proof that
 * only a refusal holds (money in another currency, recorded as refundable there) counts for the
 * charge that now accepts it, and the refusal's refundable amount moves with it.
 */
export async function settleCharge(
  deps: Deps,
  trx: Executor,
  chargeId: string,
  received: Received & { methodType: string },
): Promise<void> {
  await settleLockedCharges(deps, trx, [{ charge: await lockRow(deps, trx, 'charges', chargeId), received }]);
}

/** A charge this transaction has locked, with its intent when it holds that too, and what arrived. */
export interface LockedCharge {
  charge: ChargeRow;
  intent?: IntentRow;
  received: Received & { methodType: string };
  /**
   * What the money was for was closed before it could be recorded (a pull for an invoice voided or
   * paid meanwhile): it pays nothing, and all of it is refundable for this reason.
   */
  closed?: RefundReason;
}

/**
 * settleCharge of charges this transaction has locked, one per intent: the billing engine records a
 * batch of pulls (each with the intent it has just written) and settles them together, reading and
 * counting for the whole batch in one statement each. Each charge is decided on its own.
 */
export async function settleLockedCharges(deps: Deps, trx: Executor, locked: LockedCharge[]): Promise<void> {
  for (const { charge, intent } of locked)
    if (intent && intent.id !== charge.payment_intent_id)
      throw new Error(`charge ${charge.id} is not of payment intent ${intent.id}`);
  // Two charges of one intent would each be decided against the intent as it was before the other.
  if (new Set(locked.map(({ charge }) => charge.payment_intent_id)).size !== locked.length)
    throw new Error('a batch settles one charge per payment intent');
  const pending = locked.filter(({ charge }) => charge.status === 'pending');
  const counted = await countReferences(deps, trx, pending);
  const paid: IntentRow[] = [];
  const payers = new Map<string, string>();
  for (const { charge, intent: held, received, closed } of pending) {
    if (!counted.has(charge.id)) {
      await failCharge(deps, trx, charge.id, 'TX_ALREADY_USED');
      continue;
    }
    // A batch of pulls read its invoices under lock already (record-pulls.ts): `closed` says the rest.
    const { intent, owed } = held ? { intent: held, owed: undefined } : await lockOwing(deps, trx, charge);
    // A payment that paid its order before a reorg undid it (flows/watch-paid.ts), confirmed again.
    if (charge.undone_at !== null) {
      await reconfirmCharge(deps, trx, charge, intent, received);
      continue;
    }
    if (await settleOne(deps, trx, charge, intent, received, { closed, owed })) {
      paid.push(intent);
      payers.set(intent.id, received.payer);
    }
  }
  await payInvoicesOf(deps, trx, paid);
  for (const intent of paid)
    if (intent.checkout_session_id) await completeCheckout(deps, trx, intent, payers.get(intent.id));
}

/**
 * Counts each charge's proof of payment, once ever; answers the charges whose proof is theirs: new, or
 * held only by a refusal (takeReference).
 */
async function countReferences(deps: Deps, trx: Executor, pending: LockedCharge[]): Promise<Set<string>> {
  if (pending.length === 0) return new Set();
  const counted = await trx
    .insertInto('payment_references')
    .values(pending.map(({ charge }) => referenceOf(deps, charge)))
    .onConflict((oc) => oc.columns(['network', 'reference']).doNothing())
    .returning('charge_id')
    .execute();
  const ours = new Set(counted.map((row) => row.charge_id));
  for (const { charge } of pending)
    if (!ours.has(charge.id) && (await takeReference(deps, trx, charge))) ours.add(charge.id);
  return ours;
}

const referenceOf = (deps: Deps, charge: ChargeRow) => ({
  network: charge.network,
  reference: charge.reference,
  charge_id: charge.id,
  created_at: deps.clock.nowUnix(),
});

/**
 * A proof already counted is still this charge's when it holds it itself (a refusal recorded what
 * arrived, and it is checked again), or when the charge holding it has not succeeded: a refusal that
 * recorded the money as refundable (or is being checked again). Then the money moves to this charge,
 * and the refusal holds nothing any more. A proof a succeeded charge holds is never taken.
 */
async function takeReference(deps: Deps, trx: Executor, charge: ChargeRow): Promise<boolean> {
  const held = await trx
    .selectFrom('payment_references')
    .select('charge_id')
    .where('network', '=', charge.network)
    .where('reference', '=', charge.reference)
    .executeTakeFirstOrThrow();
  if (held.charge_id === charge.id) return true;
  // Held until this transaction ends, so a holder being settled right now is seen as it ends.
  let holding = trx.selectFrom('charges').selectAll().where('id', '=', held.charge_id);
  if (deps.engine === 'postgres') holding = holding.forUpdate();
  const holder = await holding.executeTakeFirst();
  if (!holder || holder.status === 'succeeded') return false;
  const moved = await trx
    .updateTable('payment_references')
    .set({ charge_id: charge.id })
    .where('network', '=', charge.network)
    .where('reference', '=', charge.reference)
    .where('charge_id', '=', holder.id)
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) return false;
  if (moneyText(holder.amount_refundable) !== '0')
    await deps.resources.charges.update(
      trx,
      holder.id,
      { amount_refundable: '0', refund_reason: null },
      'charge.updated',
    );
  return true;
}

/**
 * The intent of a charge settled on its own, locked; for one that pays invoices (no checkout: a
 * cycle's, or the overdue invoices a customer pays at once), what those invoices still owe, read with
 * them locked first, as the billing engine locks invoices before intents. Another payment may have
 * paid some of them since the intent was made (a pull in flight, another tab).
 */
async function lockOwing(
  deps: Deps,
  trx: Executor,
  charge: ChargeRow,
): Promise<{ intent: IntentRow; owed: bigint | undefined }> {
  const of = await trx
    .selectFrom('payment_intents')
    .select(['id', 'invoice_id', 'checkout_session_id'])
    .where('id', '=', charge.payment_intent_id)
    .executeTakeFirstOrThrow();
  let owed: bigint | undefined;
  if (of.checkout_session_id === null) {
    let invoices = unpaidInvoicesOf(trx, [of]);
    if (deps.engine === 'postgres') invoices = invoices.forUpdate();
    owed = (await invoices.execute()).reduce((sum, invoice) => sum + BigInt(moneyText(invoice.total)), 0n);
  }
  return { intent: await lockRow(deps, trx, 'payment_intents', of.id), owed };
}

/**
 * One counted charge decided against its intent: the charge succeeds with what arrived, and the intent
 * with it if the charge pays it (answers whether it does); otherwise the intent waits for the buyer.
 * Money for something `closed` pays nothing and is refundable for that reason. An intent for invoices
 * asks only what they still `owed`: nothing, and the money is refundable as already paid; less than
 * the intent, and the rest is.
 */
async function settleOne(
  deps: Deps,
  trx: Executor,
  charge: ChargeRow,
  intent: IntentRow,
  received: Received & { methodType: string },
  { closed, owed }: { closed?: RefundReason; owed?: bigint },
): Promise<boolean> {
  const session = intent.checkout_session_id
    ? await trx
        .selectFrom('checkout_sessions')
        .select(['status', 'line_items'])
        .where('id', '=', intent.checkout_session_id)
        .executeTakeFirst()
    : undefined;
  const asked = BigInt(moneyText(intent.amount));
  const paidElsewhere = owed !== undefined && owed < asked;
  const due = paidElsewhere ? owed : asked;
  // Invoices paid in full another way meanwhile: nothing left that this money could pay.
  const owesNothing = owed === 0n;
  const waiting =
    closed === undefined &&
    !owesNothing &&
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
      ? paidElsewhere
        ? 'already_paid'
        : 'overpaid'
      : null
    : (closed ??
      (owesNothing
        ? 'already_paid'
        : soldOut
          ? 'sold_out'
          : waiting
            ? 'underpaid'
            : intent.status === 'succeeded'
              ? 'already_paid'
              : 'order_closed'));
  await succeedCharge(deps, trx, charge.id, received, refundable, reason);
  if (!pays) {
    if (intent.status === 'processing' && !(await otherPending(trx, charge)))
      await failIntentPayment(
        deps,
        trx,
        intent.id,
        soldOut ? 'SOLD_OUT' : waiting ? 'UNDERPAID' : 'ORDER_CLOSED',
      );
    return false;
  }
  await succeedIntent(deps, trx, intent, {
    amount: received.amount,
    methodType: received.methodType,
    details: received.details,
  });
  return true;
}

/**
 * The unpaid invoices these intents pay, read through the id and `invoices_payment_intent` indexes:
 * each intent's own (a checkout's, a cycle's), and every one that names an intent (the overdue
 * invoices a customer pays at once).
 */
export function unpaidInvoicesOf(db: Executor, intents: Pick<IntentRow, 'id' | 'invoice_id'>[]) {
  const own = intents.flatMap((intent) => intent.invoice_id ?? []);
  const named = intents.map((intent) => intent.id);
  return db
    .selectFrom('invoices')
    .select(['id', 'subscription_id', 'total', 'status_transitions', 'payment_intent_id'])
    .where('status', 'in', ['open', 'uncollectible'])
    .where((eb) =>
      own.length
        ? eb.or([eb('id', 'in', own), eb('payment_intent_id', 'in', named)])
        : eb('payment_intent_id', 'in', named),
    )
    .orderBy('id');
}

/**
 * The invoices these intents pay, each by the intent it belongs to; every subscription whose payment
 * this was (locked once, in id order) runs again.
 */
async function payInvoicesOf(deps: Deps, trx: Executor, intents: IntentRow[]): Promise<void> {
  if (intents.length === 0) return;
  const invoices = await unpaidInvoicesOf(trx, intents).execute();
  const ownerOf = new Map(
    intents.flatMap((intent) => (intent.invoice_id ? [[intent.invoice_id, intent.id]] : [])),
  );
  for (const invoice of invoices)
    await payInvoice(deps, trx, invoice, ownerOf.get(invoice.id) ?? invoice.payment_intent_id!);
  const paid = new Set(invoices.map((invoice) => invoice.id));
  const subscriptions = await lockSubscriptions(deps, trx, [
    ...new Set(invoices.flatMap((invoice) => invoice.subscription_id ?? [])),
  ]);
  for (const subscription of subscriptions.values()) {
    await applyPaidPlanChange(deps, trx, subscription, paid);
    await activateAfterPayment(deps, trx, subscription);
  }
}

/**
 * A refused or unconfirmed charge; the intent waits for the buyer again if nothing else is on its way.
 * Money that arrived all the same (`arrived`: another currency than asked) is recorded on the charge
 * as refundable, in that currency, if its proof is this charge's to hold (holdArrived).
 */
export async function failCharge(
  deps: Deps,
  trx: Executor,
  chargeId: string,
  code: string,
  arrived?: ArrivedInstead,
): Promise<void> {
  const held = arrived !== undefined && (await holdArrived(deps, trx, chargeId));
  const charge = await deps.resources.charges.transition(trx, chargeId, 'pending', 'failed', {
    type: 'charge.failed',
    set: {
      failure_code: code,
      ...(held && {
        currency_id: arrived.currencyId,
        amount_due: '0',
        amount: arrived.amount.toString(),
        payer: arrived.payer,
        details: chargeJson.details.write(arrived.details),
        amount_refundable: arrived.amount.toString(),
        refund_reason: 'wrong_currency',
      }),
    },
  });
  if (charge && !(await otherPending(trx, charge)))
    await failIntentPayment(deps, trx, charge.payment_intent_id, code);
}

/**
 * Counts the proof of a pending charge's refused money for it (`payment_references`), unless another
 * charge holds it already: the money is then recorded there, never twice. A charge that pays with it
 * later takes it over (takeReference).
 */
async function holdArrived(deps: Deps, trx: Executor, chargeId: string): Promise<boolean> {
  const charge = await lockRow(deps, trx, 'charges', chargeId);
  if (charge.status !== 'pending') return false;
  await trx
    .insertInto('payment_references')
    .values(referenceOf(deps, charge))
    .onConflict((oc) => oc.columns(['network', 'reference']).doNothing())
    .execute();
  const held = await trx
    .selectFrom('payment_references')
    .select('charge_id')
    .where('network', '=', charge.network)
    .where('reference', '=', charge.reference)
    .executeTakeFirstOrThrow();
  return held.charge_id === charge.id;
}

/** Whether every price of these lines still has their quantities, holding the prices (lockStock). */
async function stockLeft(deps: Deps, trx: Executor, lineItems: string): Promise<boolean> {
  const wanted = quantitiesOf(checkoutSessionJson.line_items.read(lineItems));
  const stock = await lockStock(deps, trx, [...wanted.keys()]);
  return [...wanted].every(([priceId, quantity]) => {
    const price = stock.get(priceId);
    return (
      !price || price.quantity_available === 0 || price.quantity_sold + quantity <= price.quantity_available
    );
  });
}

async function completeCheckout(deps: Deps, trx: Executor, intent: IntentRow, payer?: string): Promise<void> {
  await invoicePaidOrder(deps, trx, await attributeDonation(deps, trx, intent, payer));
  const session = await completeSession(deps, trx, intent.checkout_session_id!);
  if (!session) return;
  await recordSold(deps, trx, checkoutSessionJson.line_items.read(session.line_items));
}

/** A row held until the transaction ends (PostgreSQL row lock; SQLite has one writer at a time). */
export async function lockRow<T extends 'charges' | 'payment_intents'>(
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
