import { KioskError } from '@kiosk/core';
import { chargeJson } from '../charges/table.ts';
import { flag, moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { Received } from '../methods/adapter.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import type { PaymentsTables } from '../tables.ts';

type ChargeRow = PaymentsTables['charges'];

/**
 * How a charge is refunded on its rail, from its method as read: by the adapter itself (`refund`), or
 * by the merchant's own transfer that the adapter then reads (`byMerchant` says what to send); a
 * method that can do neither is 400 REFUND_NOT_SUPPORTED.
 */
export async function refundingAdapter(deps: Deps, db: Executor, charge: ChargeRow) {
  const method = await getPaymentMethod(db, flag(charge.livemode), charge.payment_method_id);
  const currency = method?.payment_currencies.find((c) => c.id === charge.currency_id);
  if (!method || !currency) throw new KioskError('REFUND_NOT_SUPPORTED', { status: 400 });
  const { adapter, method: read } = deps.methods.read(method);
  const capabilities = adapter.capabilitiesOf?.(read, currency) ?? adapter.capabilities;
  if (capabilities.refund && adapter.refund)
    return { adapter, method: read, currency, refund: adapter.refund.bind(adapter), byMerchant: undefined };
  // No key to send with: the merchant's wallet sends it, and the rail is read for their transfer.
  if (adapter.refundInstruction && adapter.verifyRefundTransfer) {
    const instruction = adapter.refundInstruction.bind(adapter);
    return {
      adapter,
      method: read,
      currency,
      refund: undefined,
      byMerchant: (received: Received, amount: bigint) => instruction(read, currency, received, amount),
    };
  }
  throw new KioskError('REFUND_NOT_SUPPORTED', { status: 400 });
}

/** The charge's payment as its adapter confirmed it. */
export const receivedOf = (charge: ChargeRow): Received => ({
  reference: charge.reference,
  amount: BigInt(moneyText(charge.amount)),
  payer: charge.payer ?? '',
  details: chargeJson.details.read(charge.details),
});
