import type { RefundReason } from '@kiosk/contracts';
import type { Executor } from '../db.ts';
import { moneyText } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { Received } from '../methods/adapter.ts';
import type { PaymentsTables } from '../tables.ts';
import { chargeJson } from './table.ts';

type ChargeRow = PaymentsTables['charges'];

/**
 * Charges held until this transaction ends (PostgreSQL row locks, taken in id order so two holders
 * never wait on each other; SQLite has one writer at a time): those of `livemode` named, or the
 * succeeded ones of a payment intent. Oldest first.
 */
export async function lockCharges(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  which: { id: string } | { succeededOf: string },
): Promise<ChargeRow[]> {
  let query = trx.selectFrom('charges').selectAll().where('livemode', '=', livemode);
  query =
    'id' in which
      ? query.where('id', '=', which.id)
      : query.where('payment_intent_id', '=', which.succeededOf).where('status', '=', 'succeeded');
  if (deps.engine === 'postgres') query = query.forUpdate();
  return query.orderBy('id').execute();
}

/**
 * `amount` of a charge the caller holds went back to its payer: it counts in `amount_refunded` (never
 * beyond what arrived) and first settles what was owed back (`amount_refundable`), with a
 * `charge.refunded` event.
 */
export async function recordRefunded(
  deps: Deps,
  trx: Executor,
  charge: ChargeRow,
  amount: bigint,
): Promise<ChargeRow> {
  const refunded = BigInt(moneyText(charge.amount_refunded)) + amount;
  if (refunded > BigInt(moneyText(charge.amount)))
    throw new Error(`charge ${charge.id}: refunds would return more than arrived`);
  const owed = BigInt(moneyText(charge.amount_refundable));
  return (await deps.resources.charges.update(
    trx,
    charge.id,
    {
      amount_refunded: refunded.toString(),
      amount_refundable: (owed > amount ? owed - amount : 0n).toString(),
    },
    'charge.refunded',
  ))!;
}

/**
 * A charge checked again from the start, in a new round. A failed one (named again, or a merchant
 * asked) is judged against what its intent asks now (`asked`): a transfer refused for the order as it
 * was (another currency) pays it as it is. A succeeded one whose payment paid its intent and was then
 * undone by its chain (a reorg: flows/watch-paid.ts) waits for it to be confirmed again, marked
 * `undone_at` so that it then pays nothing twice (reconfirm-charge.ts). What the last round found is
 * cleared: the new round records it again (the proof stays this charge's meanwhile, so the money is
 * recorded once).
 */
export async function recheckCharge(
  deps: Deps,
  trx: Executor,
  charge: ChargeRow,
  from: 'failed' | 'succeeded',
  asked: Partial<Pick<ChargeRow, 'payment_method_id' | 'currency_id' | 'amount_due'>>,
  checkUntil: number,
): Promise<ChargeRow | undefined> {
  return deps.resources.charges.transition(trx, charge.id, from, 'pending', {
    type: 'charge.pending',
    set: {
      ...asked,
      round: Number(charge.round) + 1,
      checks: 0,
      check_until: checkUntil,
      amount: '0',
      payer: null,
      details: chargeJson.details.write({}),
      amount_refundable: '0',
      refund_reason: null,
      failure_code: null,
      last_check_error: null,
      ...(from === 'succeeded' && { undone_at: deps.clock.nowUnix() }),
    },
  });
}

/** What arrived, recorded on the charge: what of it is not the intent's to keep, and why. */
export async function succeedCharge(
  deps: Deps,
  trx: Executor,
  chargeId: string,
  received: Received,
  refundable: bigint,
  reason: RefundReason | null,
): Promise<void> {
  await deps.resources.charges.transition(trx, chargeId, 'pending', 'succeeded', {
    type: 'charge.succeeded',
    set: {
      amount: received.amount.toString(),
      payer: received.payer,
      details: chargeJson.details.write(received.details),
      amount_refundable: refundable.toString(),
      refund_reason: reason,
    },
  });
}
