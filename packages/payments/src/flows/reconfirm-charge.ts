import { otherPending } from '../charges/queries.ts';
import { succeedCharge } from '../charges/service.ts';
import { moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { Received } from '../methods/adapter.ts';
import { failIntentPayment, markIntentProcessing, succeedIntent } from '../payment-intents/service.ts';
import type { PaymentsTables } from '../tables.ts';

type ChargeRow = PaymentsTables['charges'];
type IntentRow = PaymentsTables['payment_intents'];

/**
 * A payment that had paid its order, undone by a reorg (the charge's `undone_at`) and now confirmed
 * again: the charge and the intent succeed again, and nothing else happens. The order's invoice, its
 * completion, its stock and what followed them (a store purchase, the merchant's fulfilment) were done
 * the first time. Less than asked confirmed now (part of it was double-spent meanwhile) pays nothing:
 * all of it is refundable as underpaid and the intent waits, told why, for the merchant to settle with
 * the buyer.
 */
export async function reconfirmCharge(
  deps: Deps,
  trx: Executor,
  charge: ChargeRow,
  intent: IntentRow,
  received: Received & { methodType: string },
): Promise<void> {
  // Failed meanwhile (gone past its round) and named again: its intent waits for it again first.
  if (intent.status === 'requires_action') await markIntentProcessing(deps, trx, intent.id);
  const asked = BigInt(moneyText(intent.amount));
  const pays = received.amount >= asked;
  const refundable = pays ? received.amount - asked : received.amount;
  const reason = pays ? (refundable > 0n ? 'overpaid' : null) : 'underpaid';
  await succeedCharge(deps, trx, charge.id, received, refundable, reason);
  if (pays)
    await succeedIntent(deps, trx, intent, {
      amount: received.amount,
      methodType: received.methodType,
      details: received.details,
    });
  else if (!(await otherPending(trx, charge))) await failIntentPayment(deps, trx, intent.id, 'UNDERPAID');
}
