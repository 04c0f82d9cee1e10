import type { Charge } from '@kiosk/contracts';
import { checkoutRefusal, KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql } from 'kysely';
import { recheckCharge } from '../charges/service.ts';
import { chargeView } from '../charges/view.ts';
import { lockSession } from '../checkout-sessions/service.ts';
import { flag, stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { findIntentRow } from '../payment-intents/queries.ts';
import { markIntentProcessing } from '../payment-intents/service.ts';
import type { Buyer } from '../schemas.ts';
import type { PaymentsTables } from '../tables.ts';
import { CHECK_WINDOW_SECONDS, checkWindowOf, queueCheck } from './check-charge.ts';
import { checkBuyer } from './order.ts';
import { isAnonymousDonor } from '../donations/donor.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';

type ChargeRow = PaymentsTables['charges'];
type IntentRow = PaymentsTables['payment_intents'];
type SessionRow = PaymentsTables['checkout_sessions'];

/** Payments being checked at once for one checkout session, and for one buyer across their sessions. */
export const MAX_PENDING_PER_SESSION = 3;
export const MAX_PENDING_PER_BUYER = 10;

/**
 * The buyer names the payment of their session (a chain transaction, from the checkout page or from
 * their wallet answering a `payment` connect session). This records a charge and queues its check;
 * only the check decides. What the intent asks right now is kept on the charge: the payment is judged
 * against that, and the order cannot change until it is decided (the intent is `processing`).
 *
 * Naming a payment again checks it again, whatever the last check said, against what the intent asks
 * then (a transfer refused while the order was in another currency pays it once the order is in its
 * own). A payment named for an order that can no longer be paid is still checked: if it arrived, it
 * is recorded for refund, never lost.
 *
 * Every pending payment costs a check every few seconds, so a buyer has only so many being checked
 * at once (MAX_PENDING_PER_SESSION, MAX_PENDING_PER_BUYER): naming one more is refused with 429
 * TOO_MANY_PENDING_PAYMENTS until one is decided. Naming again one that is already pending or paid
 * is not one more.
 */
export async function claimPayment(
  deps: Deps,
  sessionId: string,
  buyer: Buyer,
  reference: string,
): Promise<ChargeRow> {
  return transaction(deps.db, async (trx) => {
    const session = await lockSession(deps, trx, sessionId);
    checkBuyer(session, buyer);
    if (session.customer_did !== buyer.did) throw new KioskError('FORBIDDEN');
    if (!session.payment_intent_id) throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
    const intent = (await findIntentRow(trx, session.payment_intent_id))!;
    const { network, parsed, existing, roundSeconds } = await namedReference(deps, trx, intent, reference);

    if (!existing || existing.status === 'failed') await refuseBeyondPendingLimits(deps, trx, session);
    const charge = await nameCharge(deps, trx, intent, {
      network,
      reference: parsed,
      existing,
      roundSeconds,
    });
    if (charge.status === 'pending') {
      // Only an order that may still be paid waits for it; for any other it is checked to be refunded.
      const payable = !checkoutRefusal(
        { ...session, expires_at: Number(session.expires_at) },
        intent.status === 'processing' ? undefined : intent.status,
        deps.clock.nowUnix(),
      );
      if (payable) await markIntentProcessing(deps, trx, intent.id);
      await queueCheck(deps, trx, charge);
    }
    return charge;
  });
}

/**
 * The customer names the transfer that pays an intent of theirs outside a checkout (the overdue
 * invoices of the past-due dialog). The same rules as claimPayment: a charge is recorded and checked,
 * only the check decides, and at most MAX_PENDING_PER_SESSION payments of one intent are checked at once.
 */
export async function claimIntentPayment(
  deps: Deps,
  intentId: string,
  buyer: Buyer,
  reference: string,
): Promise<ChargeRow> {
  return transaction(deps.db, async (trx) => {
    let locked = trx.selectFrom('payment_intents').selectAll().where('id', '=', intentId);
    if (deps.engine === 'postgres') locked = locked.forUpdate();
    const intent = await locked.executeTakeFirst();
    const customer =
      intent &&
      (await trx
        .selectFrom('customers')
        .select('did')
        .where('id', '=', intent.customer_id)
        .executeTakeFirst());
    // Checkout intents are named through their session; nobody learns of another customer's intent.
    if (
      !intent ||
      intent.checkout_session_id !== null ||
      customer?.did !== buyer.did ||
      (buyer.livemode !== undefined && buyer.livemode !== flag(intent.livemode))
    )
      throw new KioskError('PAYMENT_INTENT_NOT_FOUND', { status: 404 });
    const { network, parsed, existing, roundSeconds } = await namedReference(deps, trx, intent, reference);
    if (!existing || existing.status === 'failed') {
      const pending = await trx
        .selectFrom('charges')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('payment_intent_id', '=', intent.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (Number(pending.count) >= MAX_PENDING_PER_SESSION)
        throw new KioskError('TOO_MANY_PENDING_PAYMENTS', { status: 429 });
    }
    const charge = await nameCharge(deps, trx, intent, {
      network,
      reference: parsed,
      existing,
      roundSeconds,
    });
    if (charge.status === 'pending') {
      if (intent.status === 'requires_action') await markIntentProcessing(deps, trx, intent.id);
      await queueCheck(deps, trx, charge);
    }
    return charge;
  });
}

/**
 * The rail names a payment of an intent itself (a card processor's signed webhook): recorded and
 * checked as a buyer's claim is, without a buyer (the rail is not one) and without the pending limits
 * (it names the one payment it opened for the intent). Only a payment on the method the intent is
 * paid by now is named here; the check then reads the rail.
 */
export async function claimRailPayment(
  deps: Deps,
  trx: Executor,
  intentId: string,
  methodId: string,
  reference: string,
): Promise<void> {
  const session = await trx
    .selectFrom('payment_intents')
    .select('checkout_session_id')
    .where('id', '=', intentId)
    .executeTakeFirst();
  if (!session) return;
  // The session first, then the intent: the order every checkout write locks them in.
  const locked = session.checkout_session_id
    ? await lockSession(deps, trx, session.checkout_session_id)
    : undefined;
  let read = trx.selectFrom('payment_intents').selectAll().where('id', '=', intentId);
  if (deps.engine === 'postgres') read = read.forUpdate();
  const intent = await read.executeTakeFirstOrThrow();
  if (intent.payment_method_id !== methodId) return;
  const { network, parsed, existing, roundSeconds } = await namedReference(deps, trx, intent, reference);
  const charge = await nameCharge(deps, trx, intent, { network, reference: parsed, existing, roundSeconds });
  if (charge.status !== 'pending') return;
  const payable = locked
    ? !checkoutRefusal(
        { ...locked, expires_at: Number(locked.expires_at) },
        intent.status === 'processing' ? undefined : intent.status,
        deps.clock.nowUnix(),
      )
    : intent.status === 'requires_action';
  if (payable) await markIntentProcessing(deps, trx, intent.id);
  await queueCheck(deps, trx, charge);
}

/**
 * Refuses one more pending payment beyond the limits. Runs after the session is locked, so names for
 * one session are counted one at a time; names for one buyer's other sessions wait on a lock of
 * their own (PostgreSQL; SQLite has one writer at a time).
 */
async function refuseBeyondPendingLimits(deps: Deps, trx: Executor, session: SessionRow): Promise<void> {
  const did = session.customer_did!;
  // Anonymous donors are not one buyer: each of their sessions has its own limit only.
  const perBuyer = !isAnonymousDonor(did);
  if (perBuyer && deps.engine === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtextextended(${`pending-payments:${did}`}, 0))`.execute(trx);
  const pending = trx
    .selectFrom('charges')
    .innerJoin('payment_intents', 'payment_intents.id', 'charges.payment_intent_id')
    .innerJoin('checkout_sessions', 'checkout_sessions.id', 'payment_intents.checkout_session_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('charges.status', '=', 'pending');
  const ofSession = await pending.where('checkout_sessions.id', '=', session.id).executeTakeFirstOrThrow();
  const ofBuyer = perBuyer
    ? await pending.where('checkout_sessions.customer_did', '=', did).executeTakeFirstOrThrow()
    : { count: 0 };
  if (Number(ofSession.count) >= MAX_PENDING_PER_SESSION || Number(ofBuyer.count) >= MAX_PENDING_PER_BUYER)
    throw new KioskError('TOO_MANY_PENDING_PAYMENTS', { status: 429 });
}

/** The intent's method's adapter and where its references are unique. */
async function methodOf(deps: Deps, trx: Executor, intent: IntentRow) {
  const method = await getPaymentMethod(trx, flag(intent.livemode), intent.payment_method_id);
  if (!method) return undefined;
  const { adapter, method: read } = deps.methods.read(method);
  return { adapter, network: adapter.network(read.settings), window: checkWindowOf(adapter, read.settings) };
}

/**
 * The buyer's proof in the form the intent's method stores and compares, where it is unique, and the
 * charge already naming it for this intent, if any.
 */
async function namedReference(
  deps: Deps,
  trx: Executor,
  intent: IntentRow,
  reference: string,
): Promise<{ network: string; parsed: string; existing: ChargeRow | undefined; roundSeconds: number }> {
  const method = await methodOf(deps, trx, intent);
  if (!method) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const { adapter, network, window } = method;
  const parsed = adapter.reference.safeParse(reference);
  if (!parsed.success)
    throw new KioskError('VALIDATION_FAILED', {
      details: [{ path: 'body.tx_hash', message: parsed.error.issues[0]!.message }],
    });
  const existing = await trx
    .selectFrom('charges')
    .selectAll()
    .where('payment_intent_id', '=', intent.id)
    .where('network', '=', network)
    .where('reference', '=', parsed.data)
    .executeTakeFirst();
  return { network, parsed: parsed.data, existing, roundSeconds: window.roundSeconds };
}

/** What the intent asks right now, as a charge records it to be judged against. */
const askedBy = (intent: IntentRow) => ({
  payment_method_id: intent.payment_method_id,
  currency_id: intent.currency_id,
  amount_due: intent.amount,
});

/** The charge for this reference: new, checked again (a new round), or as it stands if pending or paid. */
async function nameCharge(
  deps: Deps,
  trx: Executor,
  intent: IntentRow,
  named: { network: string; reference: string; existing: ChargeRow | undefined; roundSeconds: number },
): Promise<ChargeRow> {
  const { network, reference, existing } = named;
  const checkUntil = deps.clock.nowUnix() + named.roundSeconds;
  if (!existing)
    return deps.resources.charges.insert(
      trx,
      {
        id: newId('charge'),
        livemode: intent.livemode,
        status: 'pending',
        payment_intent_id: intent.id,
        ...askedBy(intent),
        network,
        reference,
        round: 1,
        checks: 0,
        check_until: checkUntil,
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
      },
      'charge.pending',
    );
  if (existing.status !== 'failed') return existing;
  return (await recheckCharge(deps, trx, existing, 'failed', askedBy(intent), checkUntil))!;
}

/**
 * A merchant asks for a failed charge to be checked again (the buyer insists the payment went out):
 * a new round of checks, and the intent waits for it if it may still be paid.
 */
export async function recheckChargeByMerchant(deps: Deps, livemode: boolean, id: string): Promise<Charge> {
  return transaction(deps.db, async (trx) => {
    const charge = await trx
      .selectFrom('charges')
      .selectAll()
      .where('id', '=', id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (!charge) throw new KioskError('CHARGE_NOT_FOUND', { status: 404 });
    if (charge.status !== 'failed') throw new KioskError('CHARGE_NOT_FAILED', { status: 409 });
    // Judged against what the intent asks now, when its method still looks where the transfer is.
    const intent = (await findIntentRow(trx, charge.payment_intent_id))!;
    const method = await methodOf(deps, trx, intent);
    const sameNetwork = method?.network === charge.network;
    const roundSeconds = sameNetwork ? method!.window.roundSeconds : CHECK_WINDOW_SECONDS;
    const checkUntil = deps.clock.nowUnix() + roundSeconds;
    const asked = sameNetwork ? askedBy(intent) : {};
    const pending = (await recheckCharge(deps, trx, charge, 'failed', asked, checkUntil))!;
    await markIntentProcessing(deps, trx, charge.payment_intent_id);
    await queueCheck(deps, trx, pending);
    return chargeView(pending);
  });
}
