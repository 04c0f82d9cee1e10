import type { Executor } from '../db.ts';
import { moneyText } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { PaymentsTables } from '../tables.ts';

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
