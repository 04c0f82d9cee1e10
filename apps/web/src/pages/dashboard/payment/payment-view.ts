import type { Charge, EventRecord, PaymentIntent, PaymentMethod, Refund } from '@kiosk/contracts';
import { sumAmounts } from '@kiosk/core';

/** A succeeded charge and what is left to refund of it. */
export interface ChargeBalance {
  charge: Charge;
  left: bigint;
}

/**
 * What each succeeded charge has left to refund: what arrived, less what refunds returned, less what
 * pending refunds hold (the server reserves it: flows/refund-charge.ts).
 */
export function chargeBalances(charges: readonly Charge[], refunds: readonly Refund[]): ChargeBalance[] {
  return charges
    .filter((charge) => charge.status === 'succeeded')
    .map((charge) => {
      const held = sumAmounts(
        refunds.filter((r) => r.charge_id === charge.id && r.status === 'pending').map((r) => r.amount),
      );
      const left = BigInt(charge.amount) - BigInt(charge.amount_refunded) - held;
      return { charge, left: left > 0n ? left : 0n };
    });
}

export interface PaymentAmounts {
  received: bigint;
  refunded: bigint;
  /** Held by refunds the rail has not answered yet. */
  pending: bigint;
  refundable: bigint;
}

export function paymentAmounts(
  intent: PaymentIntent,
  charges: readonly Charge[],
  refunds: readonly Refund[],
): PaymentAmounts {
  return {
    received: BigInt(intent.amount_received),
    refunded: sumAmounts(charges.map((charge) => charge.amount_refunded)),
    pending: sumAmounts(refunds.filter((r) => r.status === 'pending').map((r) => r.amount)),
    refundable: sumAmounts(chargeBalances(charges, refunds).map((balance) => balance.left)),
  };
}

/** Why nothing can be refunded now. */
export type RefundBlock = 'notPaid' | 'pending' | 'refunded';

/**
 * What the Refund button refunds: one charge (a refund returns money of one), the one with the most
 * left, which is all that is left when the payment was paid once; or why there is none.
 */
export type RefundTarget =
  { kind: 'ready'; charge: Charge; left: bigint } | { kind: 'blocked'; reason: RefundBlock };

export function refundTarget(charges: readonly Charge[], refunds: readonly Refund[]): RefundTarget {
  const balances = chargeBalances(charges, refunds);
  const best = balances.reduce<ChargeBalance | undefined>(
    (most, balance) => (balance.left > (most?.left ?? 0n) ? balance : most),
    undefined,
  );
  if (best) return { kind: 'ready', charge: best.charge, left: best.left };
  if (balances.length === 0) return { kind: 'blocked', reason: 'notPaid' };
  return { kind: 'blocked', reason: refunds.some((r) => r.status === 'pending') ? 'pending' : 'refunded' };
}

/** How much of what arrived went back: none, part or all. */
export function refundState({ received, refunded }: PaymentAmounts): 'none' | 'partial' | 'full' {
  if (refunded === 0n) return 'none';
  return refunded >= received ? 'full' : 'partial';
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Where the merchant reads a charge on its rail, told by what its method's settings hold rather than
 * by the method's type: a chain explorer's page of the transaction (`explorer_host`), or the card
 * processor's dashboard page of the payment (`dashboard`, whose test payments live under /test).
 */
export function chargeLink(charge: Charge, method: PaymentMethod | undefined): string | undefined {
  const settings = method?.settings ?? {};
  const reference = encodeURIComponent(charge.reference);
  if (typeof settings.explorer_host === 'string')
    return `${withoutTrailingSlash(settings.explorer_host)}/tx/${reference}`;
  if (typeof settings.dashboard === 'string')
    return `${withoutTrailingSlash(settings.dashboard)}${charge.livemode ? '' : '/test'}/payments/${reference}`;
  return undefined;
}

/** Which amount of its object an event is about: a pending charge's is still what was asked. */
const EVENT_AMOUNT: Record<string, string> = {
  'charge.pending': 'amount_due',
  'charge.refunded': 'amount_refunded',
};

/** The amount an event is about (a charge's, a refund's, a payment's), in its object's currency. */
export function eventAmount(event: EventRecord): { amount: string; currencyId: string } | undefined {
  const amount = event.data[EVENT_AMOUNT[event.type] ?? 'amount'];
  const currencyId = event.data.currency_id;
  return typeof amount === 'string' && typeof currencyId === 'string' ? { amount, currencyId } : undefined;
}

/** Why a payment failed, as the server wrote it on the intent the event carries. */
export function eventFailure(event: EventRecord): string | undefined {
  const error = event.data.last_payment_error as { message?: unknown } | null | undefined;
  return event.type === 'payment_intent.payment_failed' && typeof error?.message === 'string'
    ? error.message
    : undefined;
}

/** The events of a payment this page names, each with its own words; others show their type. */
export const KNOWN_EVENTS = [
  'payment_intent.created',
  'payment_intent.updated',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'charge.pending',
  'charge.succeeded',
  'charge.failed',
  'charge.updated',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.succeeded',
  'refund.failed',
] as const;

/** A currency of the merchant's methods by its id; undefined once no method offers it. */
export function currencyIn(
  methods: ReadonlyMap<string, PaymentMethod> | undefined,
  currencyId: string,
): PaymentMethod['payment_currencies'][number] | undefined {
  for (const method of methods?.values() ?? []) {
    const currency = method.payment_currencies.find((c) => c.id === currencyId);
    if (currency) return currency;
  }
  return undefined;
}
