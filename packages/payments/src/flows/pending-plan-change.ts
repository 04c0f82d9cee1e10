import type { Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { voidInvoice } from '../invoices/service.ts';
import { invoiceJson, type InvoiceRow } from '../invoices/table.ts';
import { lockSubscription, type SubscriptionRow } from '../subscriptions/service.ts';
import { pendingUpdateOf } from '../subscriptions/view.ts';

/*
 * A plan change waiting for its invoice (`pending_update`) dropped: replaced by a later change
 * (change-plan.ts), or its off-session charge failed for good (collection.ts).
 */

/**
 * Drops a change still waiting for its payment and voids its invoice; answers false, dropping
 * nothing, while a payment of it is on its way.
 */
export async function dropPendingUpdate(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
): Promise<boolean> {
  const pending = pendingUpdateOf(subscription);
  if (!pending) return true;
  const invoice = await trx
    .selectFrom('invoices')
    .select(['status', 'payment_intent_id'])
    .where('id', '=', pending.invoice_id)
    .executeTakeFirstOrThrow();
  if (invoice.status === 'open') {
    const intent = invoice.payment_intent_id
      ? await trx
          .selectFrom('payment_intents')
          .select('status')
          .where('id', '=', invoice.payment_intent_id)
          .executeTakeFirst()
      : undefined;
    if (intent?.status === 'processing') return false;
    await voidInvoice(deps, trx, pending.invoice_id);
  }
  await deps.resources.subscriptions.update(
    trx,
    subscription.id,
    { pending_update: '{}' },
    'customer.subscription.updated',
  );
  return true;
}

/**
 * A plan change whose off-session charge failed for good is not made, and owes nothing: the attempt is
 * recorded and its invoice voided (never uncollectible: that would make the customer overdue for a
 * plan they do not have); the subscription stays on its plan and its status.
 */
export async function failPlanChange(deps: Deps, trx: Executor, invoice: InvoiceRow, code: string) {
  await deps.resources.invoices.update(
    trx,
    invoice.id,
    {
      attempt_count: Number(invoice.attempt_count) + 1,
      next_payment_attempt: null,
      last_payment_error: invoiceJson.last_payment_error.write({ code }),
    },
    'invoice.payment_failed',
    ['open'],
  );
  const subscription = await lockSubscription(deps, trx, invoice.subscription_id!);
  if (pendingUpdateOf(subscription)?.invoice_id === invoice.id)
    await dropPendingUpdate(deps, trx, subscription);
  else await voidInvoice(deps, trx, invoice.id);
}
