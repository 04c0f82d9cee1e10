import { createHash } from 'node:crypto';
import { KioskError, newId, nowUnix, SECONDS, lineTotal, priceIn } from '@kiosk/core';
import type { z } from 'zod';
import { flag, fromJson, moneyText, pageOf, stamps, toJson, type Executor, type PaymentsDb } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import type { checkoutOptions, LineItemInput } from '../payment-links/schema.ts';
import { getPaymentLink, linkCurrency } from '../payment-links/service.ts';
import type { Price } from '../prices/schema.ts';
import type { PaymentsTables } from '../tables.ts';
import { loadPrices, priceLines, type StoredLine } from './lines.ts';
import type { CheckoutSession } from './schema.ts';

type SessionRow = PaymentsTables['checkout_sessions'];
type Options = z.infer<typeof checkoutOptions>;

/** As Stripe: a session is open for 24 hours unless its creator says less (30 minutes at least). */
export const SESSION_TTL_SECONDS = SECONDS.day;
export const MIN_SESSION_TTL_SECONDS = 30 * SECONDS.minute;
/** Seed 001 §7: repeats of start within 3 s answer the same session. */
export const START_DEDUPE_SECONDS = 3;

export interface NewSession {
  lines: (LineItemInput | StoredLine)[];
  options: Options;
  paymentLinkId?: string | null;
  customerDid?: string | null;
  successUrl?: string | null;
  cancelUrl?: string | null;
  expiresAt?: number;
  startKey?: string | null;
}

export async function createCheckoutSession(
  db: Executor,
  livemode: boolean,
  input: NewSession,
): Promise<string> {
  const currencyId = await linkCurrency(db, livemode, input.options.currency_id, input.lines[0]!.price_id);
  const priced = await priceLines(db, livemode, input.lines, currencyId);
  const now = nowUnix();
  const expiresAt = input.expiresAt ?? now + SESSION_TTL_SECONDS;
  if (expiresAt < now + MIN_SESSION_TTL_SECONDS || expiresAt > now + SESSION_TTL_SECONDS) {
    throw new KioskError('VALIDATION_FAILED', {
      details: [{ path: 'body.expires_at', message: 'validation.sessionExpiry' }],
    });
  }
  const id = newId('checkoutSession');
  const total = priced.total.toString();
  await db
    .insertInto('checkout_sessions')
    .values({
      id,
      livemode,
      mode: priced.mode,
      status: 'open',
      payment_status: 'unpaid',
      payment_link_id: input.paymentLinkId ?? null,
      customer_id: null,
      customer_did: input.customerDid ?? null,
      currency_id: currencyId,
      line_items: toJson(priced.lines),
      amount_subtotal: total,
      amount_total: total,
      expires_at: expiresAt,
      submit_type: input.options.submit_type,
      cross_sell_behavior: input.options.cross_sell_behavior,
      phone_number_collection: toJson(input.options.phone_number_collection),
      billing_address_collection: input.options.billing_address_collection,
      subscription_data: toJson(input.options.subscription_data),
      customer_details: '{}',
      success_url: input.successUrl ?? null,
      cancel_url: input.cancelUrl ?? null,
      payment_method_id: null,
      payment_intent_id: null,
      invoice_id: null,
      subscription_id: null,
      metadata: toJson({ ...input.options.metadata, after_completion: input.options.after_completion }),
      start_key: input.startKey ?? null,
      ...stamps(),
    })
    .execute();
  await recordEvent(db, {
    type: 'checkout.session.created',
    livemode,
    objectId: id,
    data: { id, payment_link_id: input.paymentLinkId ?? null },
  });
  return id;
}

/** Who is starting a session: the signed-in DID, else the client's address and browser. */
export function startKeyOf(caller: { did?: string; ip: string; userAgent?: string }): string {
  return createHash('sha256')
    .update(caller.did ?? `${caller.ip}|${caller.userAgent ?? ''}`)
    .digest('hex');
}

/** POST /api/checkout-sessions/start/{plink}: a new session from the link, or the same one on a quick repeat. */
export async function startFromPaymentLink(
  db: PaymentsDb,
  linkId: string,
  baseUrl: string,
  caller: { did?: string; ip: string; userAgent?: string },
): Promise<string> {
  const link = await getPaymentLink(db, undefined, linkId, baseUrl);
  if (!link) throw new KioskError('PAYMENT_LINK_NOT_FOUND', { status: 404 });
  if (!link.active) throw new KioskError('PAYMENT_LINK_INACTIVE', { status: 410 });
  const startKey = startKeyOf(caller);
  return db.transaction().execute(async (trx) => {
    const recent = await trx
      .selectFrom('checkout_sessions')
      .select('id')
      .where('payment_link_id', '=', link.id)
      .where('start_key', '=', startKey)
      .where('status', '=', 'open')
      .where('created_at', '>=', nowUnix() - START_DEDUPE_SECONDS)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (recent) return recent.id;
    return createCheckoutSession(trx, link.livemode, {
      lines: link.line_items.map((l) => ({ ...l, cross_sell: l.cross_sell ?? false })),
      options: {
        currency_id: link.currency_id,
        after_completion: link.after_completion as Options['after_completion'],
        phone_number_collection: link.phone_number_collection,
        billing_address_collection: link.billing_address_collection as Options['billing_address_collection'],
        submit_type: link.submit_type as Options['submit_type'],
        subscription_data: link.subscription_data as Options['subscription_data'],
        cross_sell_behavior: link.cross_sell_behavior as Options['cross_sell_behavior'],
        metadata: link.metadata,
      },
      paymentLinkId: link.id,
      customerDid: caller.did ?? null,
      startKey,
    });
  });
}

/** Marks open sessions past expires_at as expired, each with its event; answers how many. */
export async function expireDueSessions(db: PaymentsDb, now = nowUnix()): Promise<number> {
  const due = await db
    .selectFrom('checkout_sessions')
    .select(['id', 'livemode'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
  let expired = 0;
  for (const session of due) if (await expireSession(db, session.id, flag(session.livemode))) expired++;
  return expired;
}

/** Open → expired, once; a paid or already expired session stays as it is. */
export async function expireSession(db: PaymentsDb, id: string, livemode: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('checkout_sessions')
      .set({ status: 'expired', updated_at: nowUnix() })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('payment_status', '=', 'unpaid')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await recordEvent(trx, { type: 'checkout.session.expired', livemode, objectId: id, data: { id } });
    return true;
  });
}

export async function findSessionRow(db: Executor, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds each price's product (one query for all of them). */
export async function expandPrices(db: Executor, prices: Map<string, Price>) {
  const productIds = [...new Set([...prices.values()].map((p) => p.product_id))];
  const products = productIds.length
    ? await db
        .selectFrom('products')
        .select(['id', 'name', 'description', 'images', 'unit_label', 'statement_descriptor'])
        .where('id', 'in', productIds)
        .execute()
    : [];
  const byId = new Map(products.map((p) => [p.id, { ...p, images: fromJson<string[]>(p.images, []) }]));
  return (price: Price) => ({ ...price, product: byId.get(price.product_id)! });
}

export async function sessionView(db: Executor, row: SessionRow, baseUrl: string): Promise<CheckoutSession> {
  const livemode = flag(row.livemode);
  const lines = fromJson<StoredLine[]>(row.line_items, []);
  const prices = await loadPrices(
    db,
    livemode,
    lines.flatMap((l) => [l.price_id, ...(l.upsell_price_id ? [l.upsell_price_id] : [])]),
  );
  // A line not upsold yet shows the offer it may be upsold to (seed 000 §4), so the page can price it.
  const offerOf = (line: StoredLine) =>
    line.upsell_price_id ? undefined : prices.get(line.price_id)?.upsell?.upsells_to_id;
  const offers = lines.map(offerOf).filter((id): id is string => id !== undefined && !prices.has(id));
  if (offers.length) for (const [id, price] of await loadPrices(db, livemode, offers)) prices.set(id, price);
  const expand = await expandPrices(db, prices);
  return {
    id: row.id,
    object: 'checkout.session',
    livemode,
    mode: row.mode,
    status: row.status,
    payment_status: row.payment_status,
    payment_link_id: row.payment_link_id,
    customer_id: row.customer_id,
    customer_did: row.customer_did,
    currency_id: row.currency_id,
    line_items: lines.map((line) => {
      const price = prices.get(line.price_id)!;
      const terms = priceIn(price, row.currency_id);
      // The other price of the upsell pair: the original once upsold, else an active offer.
      const otherId = line.upsell_price_id ?? offerOf(line);
      const other = otherId ? prices.get(otherId) : undefined;
      const upsell = other && (line.upsell_price_id || other.active) ? other : undefined;
      return {
        ...line,
        amount_total: (terms
          ? lineTotal(
              terms,
              line.quantity,
              line.custom_amount === undefined ? undefined : BigInt(line.custom_amount),
            )
          : 0n
        ).toString(),
        price: expand(price),
        ...(upsell ? { upsell_price: expand(upsell) } : {}),
      };
    }),
    amount_subtotal: moneyText(row.amount_subtotal),
    amount_total: moneyText(row.amount_total),
    expires_at: Number(row.expires_at),
    submit_type: row.submit_type,
    cross_sell_behavior: row.cross_sell_behavior,
    phone_number_collection: fromJson(row.phone_number_collection, { enabled: false }),
    billing_address_collection: row.billing_address_collection,
    subscription_data: fromJson(row.subscription_data, {}),
    customer_details: fromJson(row.customer_details, {}),
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    payment_method_id: row.payment_method_id,
    payment_intent_id: row.payment_intent_id,
    invoice_id: row.invoice_id,
    subscription_id: row.subscription_id,
    subscriptions: [],
    metadata: fromJson(row.metadata, {}),
    url: `${baseUrl}/checkout/pay/${row.id}`,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** A session as a buyer's page sees it; an open one past its time is expired on the spot. */
export async function retrieveSession(db: PaymentsDb, id: string, baseUrl: string): Promise<CheckoutSession> {
  let row = await findSessionRow(db, id);
  if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  if (row.status === 'open' && Number(row.expires_at) <= nowUnix()) {
    await expireSession(db, id, flag(row.livemode));
    row = (await findSessionRow(db, id))!;
  }
  return sessionView(db, row, baseUrl);
}

export async function listSessions(
  db: PaymentsDb,
  livemode: boolean,
  baseUrl: string,
  filter: { status?: string; payment_link_id?: string; page: number; pageSize: number },
) {
  let query = db.selectFrom('checkout_sessions').where('livemode', '=', livemode);
  if (filter.status) query = query.where('status', '=', filter.status as SessionRow['status']);
  if (filter.payment_link_id) query = query.where('payment_link_id', '=', filter.payment_link_id);
  const { rows, count } = await pageOf(query, filter);
  return { list: await Promise.all(rows.map((row) => sessionView(db, row, baseUrl))), count };
}
