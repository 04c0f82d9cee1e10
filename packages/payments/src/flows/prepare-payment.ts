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

/** A rail's refusal is the buyer's to read; anything else is the rail out of reach (503, try again). */
const unreachable = (error: unknown) =>
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
