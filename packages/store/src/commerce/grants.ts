import type { PaymentsApi } from '@kiosk/payments';
import { transaction } from '@kiosk/db';
import type { StoreDeps } from '../context.ts';
import { salesSettings } from '../reviews/settings.ts';
import type { PurchaseEvent } from '../events.ts';
import type { PurchaseRow } from './table.ts';

/**
 * What Kiosk Pay's events do to purchases (issue 24 item 2). Each handler runs from a job, at least
 * once and in any order: each changes a purchase only from the state the event moves it from, so a
 * replayed event changes nothing, and it finds the purchase by what the event names (the session's
 * metadata, the payment, the subscription), so a buyer who closed the page owns the app all the same.
 */
export function listenToSales(deps: StoreDeps, payments: PaymentsApi): void {
  payments.on('store.grant-purchase', 'checkout.session.completed', async ({ data: session }) => {
    const id = purchaseIdOf(session.metadata);
    if (!id) return;
    await transaction(deps.db, async (trx) => {
      const purchase = await lockPurchase(deps, trx, id);
      if (!purchase || (purchase.status !== 'open' && purchase.status !== 'expired')) return;
      const { store_share_bps: shareBps } = await salesSettings(trx);
      const amount = BigInt(session.amount_total);
      const storeAmount = (amount * BigInt(shareBps)) / 10_000n;
      await deps.resources.purchases.update(
        trx,
        id,
        {
          status: 'paid',
          paid_at: deps.clock.nowUnix(),
          payment_intent_id: session.payment_intent_id,
          subscription_id: session.subscription_id,
          // A subscription's later events keep this; until the first, its checkout just started it.
          subscription_status: session.subscription_id ? 'active' : null,
          currency_id: session.currency_id,
          amount: String(amount),
          store_amount: String(storeAmount),
          developer_amount: String(amount - storeAmount),
        },
        'purchase.paid',
      );
    });
  });

  payments.on('store.expire-purchase', 'checkout.session.expired', async ({ data: session }) => {
    const id = purchaseIdOf(session.metadata);
    if (id) await move(deps, { id }, 'open', { status: 'expired' }, 'purchase.expired');
  });

  // A charge refunded in full takes the app back; a partial refund (a goodwill gesture) does not.
  payments.on('store.refund-purchase', 'charge.refunded', async ({ data: charge }) => {
    if (BigInt(charge.amount_refunded) < BigInt(charge.amount)) return;
    await move(
      deps,
      { payment_intent_id: charge.payment_intent_id },
      'paid',
      { status: 'refunded', revoked_at: deps.clock.nowUnix() },
      'purchase.refunded',
    );
  });

  const followSubscription = async (subscription: { id: string; status: string; updated_at: number }) => {
    await transaction(deps.db, async (trx) => {
      const purchase = await trx
        .selectFrom('store_purchases')
        .selectAll()
        .where('subscription_id', '=', subscription.id)
        .executeTakeFirst();
      // An older event after a newer one says nothing new.
      if (!purchase || Number(purchase.subscription_updated_at ?? 0) > subscription.updated_at) return;
      const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
      if (purchase.subscription_status === subscription.status && !(ended && purchase.status === 'paid'))
        return;
      await deps.resources.purchases.update(
        trx,
        purchase.id,
        {
          subscription_status: subscription.status,
          subscription_updated_at: subscription.updated_at,
          ...(ended && purchase.status === 'paid'
            ? { status: 'ended' as const, revoked_at: deps.clock.nowUnix() }
            : {}),
        },
        ended && purchase.status === 'paid' ? 'purchase.ended' : 'purchase.updated',
      );
    });
  };
  payments.on('store.follow-subscription', 'customer.subscription.updated', ({ data }) =>
    followSubscription(data),
  );
  payments.on('store.end-subscription', 'customer.subscription.deleted', ({ data }) =>
    followSubscription(data),
  );
}

function purchaseIdOf(metadata: Record<string, unknown>): string | undefined {
  const id = metadata.store_purchase_id;
  return typeof id === 'string' ? id : undefined;
}

async function lockPurchase(
  deps: StoreDeps,
  trx: StoreDeps['db'],
  id: string,
): Promise<PurchaseRow | undefined> {
  let query = trx.selectFrom('store_purchases').selectAll().where('id', '=', id);
  if (deps.engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Moves the purchase found by `where` from `from` to what `change` says; any other state stays. */
async function move(
  deps: StoreDeps,
  where: { id: string } | { payment_intent_id: string },
  from: PurchaseRow['status'],
  change: Partial<PurchaseRow>,
  event: PurchaseEvent,
): Promise<void> {
  await transaction(deps.db, async (trx) => {
    let query = trx.selectFrom('store_purchases').selectAll().where('status', '=', from);
    query =
      'id' in where
        ? query.where('id', '=', where.id)
        : query.where('payment_intent_id', '=', where.payment_intent_id);
    if (deps.engine === 'postgres') query = query.forUpdate();
    const purchase = await query.executeTakeFirst();
    if (purchase) await deps.resources.purchases.update(trx, purchase.id, change, event);
  });
}
