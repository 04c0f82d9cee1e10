import {
  checkQuantity,
  lineTotal,
  priceIn,
  upsellSavingPercent,
  type CustomUnitAmount,
  type QuantityProblem,
} from '@kiosk/core';
import type {
  CheckoutSession,
  ExpandedPrice,
  PaymentCurrency,
  PaymentMethod,
  SessionLineItem,
} from '@kiosk/contracts';
import { cycleAmountIn, setupSubscriptionOf } from './setup-subscription.ts';
import { subscriptionTermsOf, type SubscriptionTerms } from './subscription-terms.ts';
import { isDonation } from './donation.ts';

export interface LineView {
  line: SessionLineItem;
  /** What the line costs in the chosen currency. */
  amount: bigint;
  unitAmount: bigint;
  /** The buyer names the amount (pay what you want); null for a fixed price. */
  custom: CustomUnitAmount | null;
  /** Seed 000 §5 stock rules, checked before the server checks them again. */
  problem?: QuantityProblem;
  upsell?: { price: ExpandedPrice; upsold: boolean; savingPercent?: number };
}

export interface OrderView {
  lines: LineView[];
  total: bigint;
  /** Seed 000 §5: submit is disabled while any line fails. */
  payable: boolean;
  /** A subscription's: what is due today and what each period costs from when (with `now` only). */
  subscription?: SubscriptionTerms;
  /** A donation (seed 000 §2): its amount is chosen from preset cards or drawn at random. */
  donation?: boolean;
}

/**
 * The session's lines and total as they cost in `currencyId` (prices may carry other currencies); given
 * `now` (unix seconds), a subscription's terms as a submit then would set them.
 */
export function orderIn(session: CheckoutSession, currencyId: string, now?: number): OrderView {
  const lines = session.line_items.map((line): LineView => {
    const terms = priceIn(line.price, currencyId);
    const custom = terms?.custom ?? null;
    const given = line.custom_amount === undefined ? undefined : BigInt(line.custom_amount);
    const amount = terms ? lineTotal(terms, line.quantity, given) : 0n;
    const view: LineView = {
      line,
      amount,
      unitAmount: custom ? amount : (terms?.unitAmount ?? 0n),
      custom,
      problem: checkQuantity(line.price, line.quantity),
    };
    const other = line.upsell_price;
    if (!other) return view;
    const upsold = line.upsell_price_id !== undefined;
    const [base, upgraded] = upsold ? [other, line.price] : [line.price, other];
    const baseTerms = priceIn(base, currencyId);
    const upgradedTerms = priceIn(upgraded, currencyId);
    return {
      ...view,
      upsell: {
        price: other,
        upsold,
        savingPercent:
          baseTerms && upgradedTerms
            ? upsellSavingPercent(
                { amount: baseTerms.unitAmount, recurring: base.recurring },
                { amount: upgradedTerms.unitAmount, recurring: upgraded.recurring },
              )
            : undefined,
      },
    };
  });
  const total = lines.reduce((sum, view) => sum + view.amount, 0n);
  const subscription = now === undefined ? undefined : subscriptionTermsOf(session, currencyId, total, now);
  return {
    lines,
    total,
    payable: lines.every((view) => !view.problem),
    ...(subscription ? { subscription } : {}),
    ...(isDonation(session) ? { donation: true } : {}),
  };
}

/**
 * What the buyer commits to in `currencyId`, as each currency's card says it: the order's total, or
 * for a setup session (which sells nothing) one cycle of its subscription; undefined where that
 * subscription is not priced in the currency.
 */
export function amountIn(session: CheckoutSession, currencyId: string): bigint | undefined {
  if (session.mode !== 'setup') return orderIn(session, currencyId).total;
  const subscription = setupSubscriptionOf(session);
  return subscription && cycleAmountIn(subscription, currencyId);
}

/** Every line has a price in the currency; for a setup session, every item of its subscription. */
function isPricedIn(session: CheckoutSession, currencyId: string): boolean {
  if (session.mode === 'setup') return amountIn(session, currencyId) !== undefined;
  return session.line_items.every((line) => priceIn(line.price, currencyId) !== undefined);
}

export interface CurrencyChoice {
  method: PaymentMethod;
  currency: PaymentCurrency;
}

/**
 * The active currencies every line can be paid in (for a setup session, every item of its subscription).
 * A pay-what-you-want amount is typed in the session's currency, so such a session stays in it.
 */
export function payableCurrencies(methods: PaymentMethod[], session: CheckoutSession): CurrencyChoice[] {
  const pinned = session.line_items.some((line) => priceIn(line.price, session.currency_id)?.custom);
  return methods
    .filter((method) => method.active)
    .flatMap((method) =>
      method.payment_currencies
        .filter((currency) => currency.active)
        .map((currency) => ({ method, currency })),
    )
    .filter(({ currency }) =>
      pinned ? currency.id === session.currency_id : isPricedIn(session, currency.id),
    );
}
