import type { ChargeStatus } from '@kiosk/core';
import { chargeSchema } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import type { Json, Money, Row } from '../columns.ts';

/**
 * One claimed payment of a payment intent (a named chain transaction …), checked by its method's
 * adapter. What the intent asked when it was named is kept here: the payment is judged against
 * that, whatever happens to the order later, until it is named (or a merchant checks it) again.
 */
export type ChargeRow = Row & {
  status: ChargeStatus;
  payment_intent_id: string;
  payment_method_id: string;
  currency_id: string;
  /** The intent's amount when the payment was last named; '0' once refused in another currency. */
  amount_due: Money;
  /** Where `reference` is unique: `eip155:{chain id}` for an EVM chain. */
  network: string;
  /** The method's proof: a transaction hash (lowercase) on a chain. */
  reference: string;
  /** How many times it was named; each naming starts a new round of checks. */
  round: number;
  checks: number;
  /** Unix seconds after which an unconfirmed payment stops being waited for. */
  check_until: number;
  /** What arrived, once verified. */
  amount: Money;
  payer: string | null;
  details: Json;
  /**
   * Money that arrived but is not the intent's to keep (too little, too much, too late, another
   * currency): only on the charge `payment_references` names for its proof, so it is counted once.
   */
  amount_refundable: Money;
  refund_reason: string | null;
  /** What succeeded refunds returned of `amount`; never more than `amount`. */
  amount_refunded: Money;
  failure_code: string | null;
  /** Why the last check could not decide (the chain did not answer …). */
  last_check_error: string | null;
  /**
   * Unix seconds when its chain undid the payment after it had paid the intent (a reorg:
   * flows/watch-paid.ts); kept, so that the payment confirmed again pays nothing twice.
   */
  undone_at: number | null;
};

export const chargeJson = jsonColumns('charges', {
  /** The rail's record of what arrived (the adapter's `Received.details`); `{}` until verified. */
  details: jsonColumn(chargeSchema.shape.details, {}),
});

/** Each proof of payment counts once, ever: a transaction hash pays for one charge. */
export type PaymentReferenceRow = {
  network: string;
  reference: string;
  charge_id: string;
  created_at: number;
};
