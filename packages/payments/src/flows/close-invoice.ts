import type { Invoice } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { Deps } from '../deps.ts';
import { getInvoice } from '../invoices/queries.ts';
import { markInvoiceUncollectible, voidInvoice } from '../invoices/service.ts';
import { activateAfterPayment, lockSubscription } from '../subscriptions/service.ts';

/**
 * PUT /api/invoices/{id}/void and …/mark-uncollectible: the merchant stops collecting a subscription's
 * invoice (void: nothing is owed any more; uncollectible: it stays payable as past due). A subscription
 * past due only for a voided invoice runs again. A checkout's invoice follows its session instead.
 */
export async function closeInvoice(
  deps: Deps,
  livemode: boolean,
  id: string,
  how: 'void' | 'uncollectible',
): Promise<Invoice> {
  const invoice = await getInvoice(deps.db, id);
  if (!invoice || invoice.livemode !== livemode) throw new KioskError('INVOICE_NOT_FOUND', { status: 404 });
  const subscriptionId = invoice.subscription_id;
  if (!subscriptionId) throw new KioskError('INVOICE_OF_CHECKOUT', { status: 409 });
  await transaction(deps.db, async (trx) => {
    if (how === 'void') await voidInvoice(deps, trx, id);
    else await markInvoiceUncollectible(deps, trx, id);
    const subscription = await lockSubscription(deps, trx, subscriptionId);
    if (subscription.status === 'past_due') await activateAfterPayment(deps, trx, subscription);
  });
  return (await getInvoice(deps.db, id))!;
}
