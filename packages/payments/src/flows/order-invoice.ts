import { checkoutSessionJson } from '../checkout-sessions/table.ts';
import { findSessionRow } from '../checkout-sessions/queries.ts';
import { flag, moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { createPaidCheckoutInvoice } from '../invoices/service.ts';
import { invoiceBuyers } from './invoice-buyers.ts';
import { linkInvoice } from '../payment-intents/service.ts';
import type { PaymentsTables } from '../tables.ts';

/**
 * A one-time checkout's payment has settled (settle-charge.ts, before the session completes): its
 * invoice is made now, paid by the intent, as Stripe Checkout invoices a one-time payment, and the
 * intent and the session name it, each with its event. Before this nothing was owed, so an order left
 * unpaid never shows its buyer an invoice. A subscription's checkout is billed by its subscription's
 * first invoice, and an order submitted before this rule has its invoice already: neither gets another.
 */
export async function invoicePaidOrder(
  deps: Deps,
  trx: Executor,
  intent: PaymentsTables['payment_intents'],
): Promise<void> {
  if (intent.invoice_id || !intent.checkout_session_id) return;
  const session = await findSessionRow(trx, intent.checkout_session_id);
  if (!session || session.mode !== 'payment' || session.status !== 'open' || session.invoice_id) return;
  const [buyer] = await invoiceBuyers(trx, [
    { customerId: intent.customer_id, checkoutSessionId: session.id },
  ]);
  const invoice = await createPaidCheckoutInvoice(deps, trx, {
    livemode: flag(intent.livemode),
    sessionId: session.id,
    paymentIntentId: intent.id,
    customerId: intent.customer_id,
    buyer: buyer!,
    currencyId: intent.currency_id,
    total: BigInt(moneyText(intent.amount)),
    lines: checkoutSessionJson.line_items.read(session.line_items),
    description: intent.description,
  });
  await linkInvoice(deps, trx, intent.id, invoice.id);
  await deps.resources.checkoutSessions.update(
    trx,
    session.id,
    { invoice_id: invoice.id },
    'checkout.session.updated',
  );
}
