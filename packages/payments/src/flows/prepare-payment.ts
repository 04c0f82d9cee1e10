import type { PaymentCurrency, PaymentMethod } from '@kiosk/contracts';
import { isKioskError, KioskError } from '@kiosk/core';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { checkoutSessionJson, type CheckoutSessionRow } from '../checkout-sessions/table.ts';
import { findIntentRow } from '../payment-intents/queries.ts';
import { paymentIntentJson, type PaymentIntentRow } from '../payment-intents/table.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import { priceLines } from '../prices/queries.ts';
import type { PaymentContext, Prepared } from '../methods/adapter.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';
import { subscriptionJson } from '../subscriptions/table.ts';

/** A payment a rail opened for an order before its submit's transaction (a card's PaymentIntent). */
export interface PreparedOrder {
  methodId: string;
  currencyId: string;
  /** What the rail's payment asks: the transaction refuses to keep it for an order that costs otherwise. */
  amount: bigint;
  prepared: Prepared;
}

/**
 * Asked first, before the submit's transaction (rails are never asked inside one): on a method whose
 * rail opens each payment (Stripe), the payment for the order as priced now, opened or brought to its
 * current total. Keyed by the session, so submits racing for one order share one payment, even
 * before the session has an intent. Nothing for other methods, or an order submit will refuse anyway.
 */
export async function prepareOrderPayment(
  deps: Deps,
  session: CheckoutSessionRow,
  choice: { method: PaymentMethod; currency: PaymentCurrency },
  methods: PaymentMethod[],
  customer: { did: string; email: string | null; name: string | null },
): Promise<PreparedOrder | undefined> {
  if (session.mode !== 'payment' || session.status !== 'open') return undefined;
  const livemode = flag(session.livemode);
  // The intent is read only where a rail opened or may open its payment: a crypto order reads nothing.
  const intent = () =>
    session.payment_intent_id ? findIntentRow(deps.db, session.payment_intent_id) : undefined;
  const earlierId = session.payment_method_id;
  if (earlierId && earlierId !== choice.method.id) {
    const earlier =
      methods.find((m) => m.id === earlierId) ?? (await getPaymentMethod(deps.db, livemode, earlierId));
    if (earlier && deps.methods.for(earlier.type).release)
      await releaseEarlier(deps, earlier, await intent());
  }
  const { adapter, method } = deps.methods.read(choice.method);
  if (!adapter.prepare) return undefined;
  const opened = await intent();
  let priced;
  try {
    priced = await priceLines(
      deps.db,
      livemode,
      checkoutSessionJson.line_items.read(session.line_items),
      choice.currency.id,
    );
  } catch (error) {
    if (isKioskError(error)) return undefined; // the transaction says what is wrong with the order
    throw error;
  }
  const details =
    opened && paymentIntentJson.payment_details.read(opened.payment_details)[choice.method.type];
  const previous = details && typeof details === 'object' ? (details as Record<string, string>) : undefined;
  const description = [...priced.prices.values()].map((p) => p.nickname).find(Boolean) ?? null;
  try {
    const prepared = await adapter.prepare(
      method,
      choice.currency,
      { key: session.id, amount: priced.total, livemode, description, customer },
      previous,
    );
    return { methodId: choice.method.id, currencyId: choice.currency.id, amount: priced.total, prepared };
  } catch (error) {
    throw unreachable(error);
  }
}

/**
 * The order moves to another method: the payment its earlier method's rail opened for it is closed
 * there first (release), so that it can no longer pay an order that now asks to be paid otherwise; a
 * payment already made or under way refuses the move (409) until it is recorded.
 */
async function releaseEarlier(
  deps: Deps,
  earlier: PaymentMethod,
  intent: PaymentIntentRow | undefined,
): Promise<void> {
  const { adapter, method } = deps.methods.read(earlier);
  const opened = intent && paymentIntentJson.payment_details.read(intent.payment_details)[earlier.type];
  if (!adapter.release || !opened || typeof opened !== 'object') return;
  try {
    await adapter.release(method, opened as Record<string, string>);
  } catch (error) {
    throw unreachable(error);
  }
}

/** A mandate a rail opened for a subscription checkout before its submit's transaction (a SetupIntent). */
export interface PreparedMandateOrder {
  methodId: string;
  prepared: Prepared;
}

/**
 * Asked first, like prepareOrderPayment: on a method whose rail opens mandates (Stripe), the one in
 * which the subscription's customer saves their means of payment, opened for the session or brought
 * back from the subscription's earlier submit on the same method. Nothing for other methods.
 */
export async function prepareOrderMandate(
  deps: Deps,
  session: CheckoutSessionRow,
  choice: { method: PaymentMethod; currency: PaymentCurrency },
  customer: { did: string; email: string | null; name: string | null },
): Promise<PreparedMandateOrder | undefined> {
  const { adapter, method } = deps.methods.read(choice.method);
  if (!adapter.prepareMandate || session.status !== 'open') return undefined;
  const subscription = session.subscription_id
    ? await findSubscriptionRow(deps.db, session.subscription_id)
    : undefined;
  const asked = subscription && subscriptionJson.payment_settings.read(subscription.payment_settings);
  // A setup session's mandate is the renewal it asks; a subscription checkout's, its first one.
  const earlier = session.mode === 'setup' ? asked?.renewal : asked?.mandate;
  const onMethod =
    session.mode === 'setup' ? asked?.renewal?.method_id : subscription?.default_payment_method_id;
  const previous = onMethod === choice.method.id ? earlier?.rail : undefined;
  try {
    const prepared = await adapter.prepareMandate(
      method,
      choice.currency,
      { key: session.id, livemode: flag(session.livemode), description: null, customer },
      previous,
    );
    return { methodId: choice.method.id, prepared };
  } catch (error) {
    throw unreachable(error);
  }
}

/**
 * The rail's record of the mandate it opened first, for `methodId` as the transaction chose it;
 * undefined on a method that opens none. A mandate opened for another method than the one the
 * transaction reads (a merchant's edit racing the submit) is refused: submit again.
 */
export function preparedMandateRail(
  deps: Deps,
  method: PaymentMethod,
  prepared: PreparedMandateOrder | undefined,
): PreparedMandateOrder | undefined {
  if (!deps.methods.for(method.type).prepareMandate) return undefined;
  if (prepared?.methodId !== method.id) throw new KioskError('ORDER_CHANGED', { status: 409 });
  return prepared;
}

/** A rail's refusal is the buyer's to read; anything else is the rail out of reach (503, try again). */
export const unreachable = (error: unknown) =>
  isKioskError(error) ? error : new KioskError('PAYMENT_RAIL_UNREACHABLE', { status: 503, cause: error });

/**
 * The intent's payment details with the prepared payment's record, checked against the order as the
 * transaction priced it: the rail's payment must ask exactly what the intent asks.
 */
export function preparedDetails(
  prepared: PreparedOrder,
  order: { amount: bigint; methodId: string; currencyId: string; methodType: string },
  current: Record<string, unknown>,
): { paymentDetails: Record<string, unknown>; context: PaymentContext } {
  if (
    prepared.amount !== order.amount ||
    prepared.methodId !== order.methodId ||
    prepared.currencyId !== order.currencyId
  )
    // The order changed while its payment was being opened (a price edit, another tab): submit again.
    throw new KioskError('ORDER_CHANGED', { status: 409 });
  const kept = current[order.methodType];
  return {
    paymentDetails: {
      ...current,
      [order.methodType]: { ...(kept && typeof kept === 'object' ? kept : {}), ...prepared.prepared.details },
    },
    context: prepared.prepared.context,
  };
}
