import type { Purchase, PurchaseVerification } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { audienceOf, type Viewer } from '../apps/audience.ts';
import type { StoreDeps } from '../context.ts';
import { appOnStoreFront, findApp } from '../apps/service.ts';
import { salesSettings } from '../reviews/settings.ts';
import type { StoreDb } from '../tables.ts';
import { readPricing } from './pricing.ts';
import type { PurchaseRow } from './table.ts';
import { purchaseView } from './view.ts';

/**
 * Buying an app (issue 24 item 2): the buyer pays a Kiosk Pay checkout session the store made for
 * them, and owns the app once Kiosk Pay says the session completed (grants.ts). A purchase row is made
 * with its session and names it, so the sale is the buyer's whoever's wallet pays.
 */

/** A subscription's statuses in which its app works. */
const WORKING_SUBSCRIPTION = new Set(['active', 'trialing']);

/** Whether a purchase makes its app the buyer's now. */
export function ownsBy(row: Pick<PurchaseRow, 'status' | 'subscription_status'>): boolean {
  if (row.status !== 'paid') return false;
  return row.subscription_status === null || WORKING_SUBSCRIPTION.has(row.subscription_status);
}

/** The buyer's purchases of the app in `livemode`, newest first. */
async function purchasesOf(
  db: StoreDb,
  did: string,
  buyerDid: string,
  livemode: boolean,
): Promise<PurchaseRow[]> {
  return db
    .selectFrom('store_purchases')
    .selectAll()
    .where('app_did', '=', did)
    .where('buyer_did', '=', buyerDid)
    .where('livemode', '=', livemode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The signed-in buyer's checkout for a paid app: their open one again while it can still be paid at
 * today's price, else a new one. Refused for a free app and for an app they own.
 */
export async function startAppCheckout(
  deps: StoreDeps,
  viewer: Viewer,
  did: string,
): Promise<{ object: 'app_checkout'; checkout_session_id: string; purchase: Purchase }> {
  const buyerDid = viewer.did!;
  return transaction(deps.db, async (trx) => {
    const app = await appOnStoreFront(trx, did);
    const { sales_livemode: livemode } = await salesSettings(trx);
    const pricing = await readPricing(trx, did, livemode);
    if (!pricing?.price_id) throw new KioskError('APP_IS_FREE', { status: 409 });
    if (app.developer_did === buyerDid) throw new KioskError('PURCHASE_OWN_APP', { status: 409 });
    // One buyer's checkouts of one app, one at a time (PostgreSQL; SQLite writes one at a time).
    if (deps.engine === 'postgres')
      await trx
        .selectFrom('store_app_pricing')
        .select('id')
        .where('id', '=', pricing.id)
        .forUpdate()
        .execute();
    const earlier = await purchasesOf(trx, did, buyerDid, livemode);
    if (earlier.some(ownsBy)) throw new KioskError('APP_ALREADY_PURCHASED', { status: 409 });
    // Open until Kiosk Pay's event says its session expired (grants.ts): asking Kiosk Pay here could
    // reach a card processor inside this transaction.
    const open = earlier.find((row) => row.status === 'open' && row.price_id === pricing.price_id);
    if (open)
      return {
        object: 'app_checkout',
        checkout_session_id: open.checkout_session_id,
        purchase: purchaseView(open),
      };
    const id = newId('purchase');
    const session = await deps.payments.createCheckoutSession(livemode, {
      mode: pricing.type === 'subscription' ? 'subscription' : 'payment',
      line_items: [{ price_id: pricing.price_id, quantity: 1 }],
      customer_did: buyerDid,
      metadata: { store_app_did: did, store_purchase_id: id },
    });
    const now = deps.clock.nowUnix();
    const row = await deps.resources.purchases.insert(
      trx,
      {
        id,
        livemode,
        app_did: did,
        buyer_did: buyerDid,
        checkout_session_id: session.id,
        status: 'open',
        paid_at: null,
        price_id: pricing.price_id,
        payment_intent_id: null,
        subscription_id: null,
        subscription_status: null,
        subscription_updated_at: null,
        currency_id: null,
        amount: null,
        store_amount: null,
        developer_amount: null,
        revoked_at: null,
        metadata: '{}',
        created_at: now,
        updated_at: now,
      },
      'purchase.created',
    );
    return { object: 'app_checkout', checkout_session_id: session.id, purchase: purchaseView(row) };
  });
}

/**
 * Whether `user` owns the app now, for the app itself and anyone it asks (issue 24 item 3): public,
 * as a receipt is; it tells only that a DID owns an app, and whether a refund or an ended
 * subscription took it back.
 */
export async function verifyPurchase(
  deps: StoreDeps,
  did: string,
  user: string,
): Promise<PurchaseVerification> {
  const { sales_livemode: livemode } = await salesSettings(deps.db);
  const rows = (await purchasesOf(deps.db, did, user, livemode)).filter((row) => row.status !== 'open');
  const valid = rows.find(ownsBy);
  const shown = valid ?? rows.find((row) => row.paid_at !== null) ?? null;
  return {
    object: 'purchase_verification',
    app_did: did,
    user,
    valid: valid !== undefined,
    purchase: shown ? purchaseView(shown) : null,
    subscription_status: shown?.subscription_status ?? null,
  };
}

/** Whether `user` ever paid for the app (a buyer may rate it, whatever became of the purchase since). */
export async function hasBought(db: StoreDb, did: string, user: string): Promise<boolean> {
  const row = await db
    .selectFrom('store_purchases')
    .select('id')
    .where('app_did', '=', did)
    .where('buyer_did', '=', user)
    .where('paid_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A paid app's bundle is its buyers' (issue 24 item 4), and its developer's and the admins', who see
 * every version; a free app's is anybody's who may see the app. Refused: 401 to a visitor, 403 to a
 * signed-in user who does not own it now.
 */
export async function assertMayDownload(deps: StoreDeps, did: string, viewer: Viewer): Promise<void> {
  const app = await findApp(deps.db, did);
  if (!app || audienceOf(app, viewer) === 'owner') return;
  const { sales_livemode: livemode } = await salesSettings(deps.db);
  if (!(await readPricing(deps.db, did, livemode))?.price_id) return;
  if (viewer.did === undefined) throw new KioskError('PURCHASE_REQUIRED', { status: 401 });
  if (!(await purchasesOf(deps.db, did, viewer.did, livemode)).some(ownsBy))
    throw new KioskError('PURCHASE_REQUIRED', { status: 403 });
}
