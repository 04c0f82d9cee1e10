import type { PlanOption, Subscription } from '@kiosk/contracts';
import { hasEnded } from './subscription-view.ts';

/**
 * What the portal's "Change plan" says and sends (seed 000 §1; docs/payments.md "Changing plan"),
 * decided from the subscription and the server's plan options, so the dialog only spells it.
 */

/** The server changes the plan of an active or trialing subscription only (PLAN_UPDATE_UNAVAILABLE). */
const CHANGEABLE: readonly Subscription['status'][] = ['active', 'trialing'];

export function canChangePlan(subscription: Subscription): boolean {
  return !hasEnded(subscription) && CHANGEABLE.includes(subscription.status);
}

/** The button is offered when the subscription can change and some plan is not the current one. */
export function changePlanOffered(subscription: Subscription, options: PlanOption[] | undefined): boolean {
  return canChangePlan(subscription) && (options ?? []).some((option) => !option.current);
}

/** What choosing an option would do now, as the server priced it. */
export type PlanConsequence =
  | { kind: 'current' }
  | { kind: 'unavailable'; error: string }
  | { kind: 'trial' }
  | { kind: 'pay'; amount: bigint }
  | { kind: 'credit'; amount: bigint }
  | { kind: 'noCharge' };

export function planConsequence(option: PlanOption, subscription: Subscription): PlanConsequence {
  if (option.current) return { kind: 'current' };
  if (option.unavailable) return { kind: 'unavailable', error: option.unavailable.error };
  // In a trial nothing was paid: the items change at once, for nothing.
  if (subscription.status === 'trialing') return { kind: 'trial' };
  const due = BigInt(option.amount_due);
  if (due > 0n) return { kind: 'pay', amount: due };
  const credit = BigInt(option.credit);
  if (credit > 0n) return { kind: 'credit', amount: credit };
  return { kind: 'noCharge' };
}

/** Whether the option can be chosen: not the plan it is on, and not one the server would refuse. */
export function isChoosable(option: PlanOption): boolean {
  return !option.current && option.unavailable === null;
}

/** "Pro · Yearly": the product's name and the price's nickname when it says something more. */
export function planOptionName(option: PlanOption): string {
  const nickname = option.price.nickname?.trim();
  if (!option.product_name) return nickname || option.price.id;
  return nickname && nickname !== option.product_name
    ? `${option.product_name} · ${nickname}`
    : option.product_name;
}

/**
 * The PUT's items: the new price replaces every item, at the first item's quantity, as the server
 * priced the option (plan-options.ts).
 */
export function planChangeItems(
  subscription: Subscription,
  option: PlanOption,
): { price_id: string; quantity: number }[] {
  return [{ price_id: option.price.id, quantity: subscription.items[0]?.quantity ?? 1 }];
}

/** What a PUT answer means for the customer: changed now (with a credit), or waiting for a payment. */
export type PlanChangeOutcome =
  | { kind: 'changed'; credit: bigint }
  | { kind: 'pay'; amount: bigint }
  /** Charged off session (a saved card): the dialog follows that invoice. */
  | { kind: 'charged'; invoiceId: string };

export function planChangeOutcome(answer: {
  invoice: { id: string; amount_due: string } | null;
  paymentIntent: unknown;
  credit: string;
}): PlanChangeOutcome {
  if (answer.invoice === null) return { kind: 'changed', credit: BigInt(answer.credit) };
  // Nothing for the customer to pay: the server charges their saved card.
  if (answer.paymentIntent === null) return { kind: 'charged', invoiceId: answer.invoice.id };
  return { kind: 'pay', amount: BigInt(answer.invoice.amount_due) };
}

/**
 * Paying a dearer plan: the wallet sends the transfer and it is named (`sending`), then the server
 * settles it from the chain and makes the change (`confirming` until `pending_update` is gone).
 */
export type PlanPaymentState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'confirming'; since: number }
  | { status: 'paid' }
  | { status: 'failed'; message: string };

export type PlanPaymentEvent =
  | { type: 'pay' }
  | { type: 'sent'; now: number }
  /** A wallet on another device sent and named the transfer (the `collect` connect action). */
  | { type: 'sentElsewhere'; now: number }
  | { type: 'settled' }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

export const initialPlanPayment: PlanPaymentState = { status: 'idle' };

export function planPaymentReducer(state: PlanPaymentState, event: PlanPaymentEvent): PlanPaymentState {
  switch (event.type) {
    case 'pay':
      return state.status === 'idle' || state.status === 'failed' ? { status: 'sending' } : state;
    case 'sent':
      return state.status === 'sending' ? { status: 'confirming', since: event.now } : state;
    case 'sentElsewhere':
      return state.status === 'idle' || state.status === 'failed'
        ? { status: 'confirming', since: event.now }
        : state;
    case 'settled':
      return state.status === 'confirming' ? { status: 'paid' } : state;
    case 'failed':
      return state.status === 'sending' || state.status === 'confirming'
        ? { status: 'failed', message: event.message }
        : state;
    case 'reset':
      return initialPlanPayment;
  }
}
