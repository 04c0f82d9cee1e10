import type { Refund, RefundInput, RefundRequestReason } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { isUniqueViolation, outsideUnitOfWork, transaction } from '@kiosk/db';
import { IDEMPOTENCY_TTL_SECONDS } from '@kiosk/platform';
import { lockCharges, recordRefunded } from '../charges/service.ts';
import { flag, moneyText, stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { RefundRequest, RefundVerdict } from '../methods/adapter.ts';
import { hasInstruction, readRefundTransfer, SEND_TRANSFER } from './refund-transfer.ts';
import { receivedOf, refundingAdapter } from './refund-rail.ts';
import { findIntentRow } from '../payment-intents/queries.ts';
import {
  findRefundByRequestKey,
  insertRefund,
  noteRefundAttempt,
  recordRefundVerdict,
  releaseRequestKey,
  reservedByPending,
} from '../refunds/service.ts';
import { refundJson } from '../refunds/table.ts';
import { refundView } from '../refunds/view.ts';
import type { PaymentsTables } from '../tables.ts';

type ChargeRow = PaymentsTables['charges'];
type RefundRow = PaymentsTables['refunds'];

/**
 * Refunding a charge, in three steps so that no transaction waits on the rail:
 * (a) one transaction holds the charge, checks what is left to refund and creates the refund
 *     `pending`, which reserves its amount: refunds racing for one charge never exceed it together;
 * (b) outside any transaction the method's adapter sends it, keyed by the refund's id;
 * (c) one transaction records what the rail answered: succeeded (the charge's `amount_refunded`
 *     grows) or failed (the reservation is released).
 * A crash between (b) and (c), or a rail out of reach, leaves the refund pending: the sweep below asks
 * the rail again with the same key, which answers the refund made the first time, never a second.
 */

export const REFUND_SWEEP_JOB = 'payments.retry-refunds';
/** A pending refund untouched this long lost its request (a crash, an outage): the sweep sends it again. */
export const REFUND_STALLED_AFTER_SECONDS = 60;

/**
 * Creates and sends a refund for the merchant API; answers it as it stands after the rail's answer
 * (pending if the rail could not be asked). `requestKey` is the request's Idempotency-Key with whose
 * it is: a repeat that arrives while the first is still at the rail (the platform stores the answer
 * only after it) finds that refund instead of making another.
 */
export function refundCharge(
  deps: Deps,
  livemode: boolean,
  input: RefundInput,
  requestKey?: string,
): Promise<Refund> {
  // Its own transactions, not the request's: the rail is asked between them.
  return outsideUnitOfWork(async () => {
    let refund: RefundRow;
    try {
      refund = await transaction(deps.db, (trx) => openRefund(deps, trx, livemode, input, requestKey));
    } catch (error) {
      // Two requests with one key for different refunds, side by side (PostgreSQL): one made its refund.
      if (requestKey && isUniqueViolation(error))
        throw new KioskError('IDEMPOTENCY_KEY_REUSED', { status: 422, cause: error });
      throw error;
    }
    const awaitsMerchant = refund.status === 'pending' && hasInstruction(refund);
    return refundView(
      refund.status === 'pending' && !awaitsMerchant ? await sendRefund(deps, refund) : refund,
    );
  });
}

/** (a): the refund, created pending with its amount reserved, or the one this request's key made. */
async function openRefund(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  input: RefundInput,
  requestKey: string | undefined,
): Promise<RefundRow> {
  const charges = await chargesToRefund(deps, trx, livemode, input);
  // After the charges are held: a repeat of this request waits here for the first to commit.
  const earlier = requestKey ? await findRefundByRequestKey(trx, requestKey) : undefined;
  if (earlier) {
    if (Number(earlier.created_at) > deps.clock.nowUnix() - IDEMPOTENCY_TTL_SECONDS) {
      if (!sameRequest(earlier, input)) throw new KioskError('IDEMPOTENCY_KEY_REUSED', { status: 422 });
      return earlier;
    }
    await releaseRequestKey(trx, earlier.id);
  }
  // Newest first: a payment intent's first charge with enough left is refunded (several pay one
  // intent when a buyer paid twice, or too little and then the rest).
  const succeeded = charges.filter((charge) => charge.status === 'succeeded').reverse();
  if (succeeded.length === 0) throw new KioskError('CHARGE_NOT_SUCCEEDED', { status: 409 });
  // A method that cannot refund says so whatever the amount.
  const sending = await refundingAdapter(deps, trx, succeeded[0]!);
  const asked = input.amount === undefined ? undefined : BigInt(input.amount);
  let chosen: { charge: ChargeRow; left: bigint } | undefined;
  for (const charge of succeeded) {
    const left =
      BigInt(moneyText(charge.amount)) -
      BigInt(moneyText(charge.amount_refunded)) -
      (await reservedByPending(trx, charge.id));
    if (left > 0n && (asked === undefined || asked <= left)) {
      chosen = { charge, left };
      break;
    }
  }
  if (!chosen) throw new KioskError('REFUND_EXCEEDS_PAYMENT', { status: 400 });
  const { charge, left } = chosen;
  const rail =
    charge.payment_method_id === succeeded[0]!.payment_method_id
      ? sending
      : await refundingAdapter(deps, trx, charge);
  const amount = asked ?? left;
  // Where the merchant sends it, the refund says what to send until they name their transfer.
  const instruction = rail.byMerchant
    ? { [rail.method.type]: { action: SEND_TRANSFER, ...rail.byMerchant(receivedOf(charge), amount) } }
    : {};
  return insertRefund(deps, trx, {
    id: newId('refund'),
    livemode: charge.livemode,
    status: 'pending',
    type: input.type,
    amount: amount.toString(),
    currency_id: charge.currency_id,
    payment_intent_id: charge.payment_intent_id,
    charge_id: charge.id,
    payment_method_id: charge.payment_method_id,
    reason: input.reason ?? null,
    description: input.description ?? null,
    metadata: refundJson.metadata.write(input.metadata),
    failure_code: null,
    attempt_count: 0,
    last_attempt_error: null,
    payment_details: refundJson.payment_details.write(instruction),
    request_key: requestKey ?? null,
    transfer_reference: null,
    ...stamps(deps.clock),
  });
}

/** The charges the request names, held: the one given, or a payment intent's succeeded ones. */
async function chargesToRefund(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  input: RefundInput,
): Promise<ChargeRow[]> {
  if (input.charge_id) {
    const charges = await lockCharges(deps, trx, livemode, { id: input.charge_id });
    if (charges.length === 0) throw new KioskError('CHARGE_NOT_FOUND', { status: 404 });
    return charges;
  }
  const intent = await findIntentRow(trx, input.payment_intent_id!);
  if (!intent || flag(intent.livemode) !== livemode)
    throw new KioskError('PAYMENT_INTENT_NOT_FOUND', { status: 404 });
  return lockCharges(deps, trx, livemode, { succeededOf: intent.id });
}

/** A repeat of a request: the same target and terms (the platform compares whole requests later). */
function sameRequest(earlier: RefundRow, input: RefundInput): boolean {
  return (
    (input.charge_id ?? earlier.charge_id) === earlier.charge_id &&
    (input.payment_intent_id ?? earlier.payment_intent_id) === earlier.payment_intent_id &&
    (input.amount ?? moneyText(earlier.amount)) === moneyText(earlier.amount) &&
    input.type === earlier.type &&
    (input.reason ?? null) === earlier.reason
  );
}

/** (b) and (c) for a pending refund: answers it as it stands afterwards. */
export async function sendRefund(deps: Deps, refund: RefundRow): Promise<RefundRow> {
  const charge = (await deps.db
    .selectFrom('charges')
    .selectAll()
    .where('id', '=', refund.charge_id)
    .executeTakeFirstOrThrow()) as ChargeRow;
  const { method, currency, refund: send } = await refundingAdapter(deps, deps.db, charge);
  // The merchant's own transfer: read again once named, else theirs to send.
  if (!send)
    return refund.transfer_reference
      ? (await readRefundTransfer(deps, refund, refund.transfer_reference)).refund
      : refund;
  const request: RefundRequest = {
    key: refund.id,
    ...(refund.reason && railReason(refund.reason)),
    previous: refundJson.payment_details.read(refund.payment_details)[method.type],
  };
  let verdict: RefundVerdict;
  try {
    verdict = await send(method, currency, receivedOf(charge), BigInt(moneyText(refund.amount)), request);
  } catch {
    const noted = await transaction(deps.db, (trx) =>
      noteRefundAttempt(deps, trx, refund, 'REFUND_RAIL_UNREACHABLE'),
    );
    return noted ?? (await reread(deps.db, refund.id));
  }
  return transaction(deps.db, async (trx) => {
    const [held] = await lockCharges(deps, trx, flag(charge.livemode), { id: charge.id });
    // Read again under the charge's lock: another attempt may have recorded it meanwhile.
    const current = await reread(trx, refund.id);
    if (current.status !== 'pending') return current;
    const recorded = await recordRefundVerdict(deps, trx, current, method.type, verdict);
    if (recorded?.status === 'succeeded')
      await recordRefunded(deps, trx, held!, BigInt(moneyText(recorded.amount)));
    return recorded ?? current;
  });
}

/** The reasons a card processor records; Kiosk's own (why money was not the merchant's) stay Kiosk's. */
function railReason(reason: RefundRequestReason): Pick<RefundRequest, 'reason'> {
  return reason === 'duplicate' || reason === 'fraudulent' || reason === 'requested_by_customer'
    ? { reason }
    : {};
}

const reread = (db: Executor, id: string) =>
  db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export function defineRefundJobs(deps: Deps): void {
  deps.jobs.define(REFUND_SWEEP_JOB, async () => void (await retryStalledRefunds(deps)));
}

/**
 * Every pending refund untouched for a minute is sent again (its request crashed between the rail and
 * the record, or the rail was out of reach); the rail's idempotency answers a refund it made already.
 * Answers how many were sent.
 */
export async function retryStalledRefunds(deps: Deps): Promise<number> {
  const stalled = await deps.db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('updated_at', '<', deps.clock.nowUnix() - REFUND_STALLED_AFTER_SECONDS)
    // Not one that waits for the merchant to send it: there is nothing to ask the rail yet.
    .where((eb) =>
      eb.or([
        eb('transfer_reference', 'is not', null),
        eb('payment_details', 'not like', `%"${SEND_TRANSFER}"%`),
      ]),
    )
    .orderBy('updated_at')
    .limit(100)
    .execute();
  // One refund that cannot be sent (its method gone) does not hold up the others.
  const errors: unknown[] = [];
  for (const refund of stalled) await sendRefund(deps, refund).catch((error: unknown) => errors.push(error));
  if (errors.length) throw new AggregateError(errors, `${errors.length} pending refunds could not be sent`);
  return stalled.length;
}
