import type { MandateInstructions, PaymentCurrency, PaymentMethod, Price } from '@kiosk/contracts';
import {
  isKioskError,
  KioskError,
  lineTotal,
  periodBoundary,
  priceIn,
  type CancellationFeedback,
  type RecurringInterval,
  type SubscriptionStatus,
} from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { MandateRequest, PayerStanding, StoredMandate } from '../methods/adapter.ts';
import { loadPrices } from '../prices/queries.ts';
import type { PaymentsTables } from '../tables.ts';
import { itemRowsOf } from './queries.ts';
import { subscriptionJson } from './table.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import { returnStakeOnEnd } from './stake.ts';

export type SubscriptionRow = PaymentsTables['subscriptions'];
export type ItemRow = PaymentsTables['subscription_items'];

/** Statuses in which a subscription is billed when its period ends. */
export const BILLED_STATUSES: SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

/** What the customer authorises: stored on the subscription, read again to verify it. */
export interface MandateSettings {
  starts_at: number;
  expires_at: number;
  cycles: number;
  max_per_cycle: string;
  /** A later mandate's own key (authorised again); the first one's is the subscription's id. */
  key?: string;
  /** What the rail opened for it first, on a rail that opens mandates (a card's SetupIntent). */
  rail?: Record<string, string>;
}

/**
 * How many cycles one authorisation covers. The customer's wallet grants the collector contract at
 * most this many cycles' amounts; after them the customer authorises again (the portal will ask).
 * Twelve keeps the exposure a customer signs for to a year of a monthly plan.
 */
export const MANDATE_CYCLES = 12;

/**
 * The mandate starts this many seconds before the first billing date: the chain's clock and the
 * server's differ a little, and a pull at the billing date must never find the mandate not started.
 * Cycles are fixed windows from the start that are never longer than a billing period (cycle-length.ts),
 * so each billing date still falls in a window of its own.
 */
const MANDATE_START_SLACK_SECONDS = 300;

/** A mandate whose first pull may come at `anchor` (the first billing date), for MANDATE_CYCLES cycles. */
export function mandateSettingsFrom(
  anchor: number,
  recurring: RecurringInterval,
  maxPerCycle: bigint,
  key?: string,
): MandateSettings {
  return {
    starts_at: anchor - MANDATE_START_SLACK_SECONDS,
    expires_at: periodBoundary(anchor, recurring, MANDATE_CYCLES),
    cycles: MANDATE_CYCLES,
    max_per_cycle: maxPerCycle.toString(),
    ...(key ? { key } : {}),
  };
}

/** Several subscriptions held as lockSubscription holds one (in id order: two writers never deadlock). */
export async function lockSubscriptions(
  deps: Deps,
  trx: Executor,
  ids: readonly string[],
): Promise<Map<string, SubscriptionRow>> {
  if (ids.length === 0) return new Map();
  let query = trx.selectFrom('subscriptions').selectAll().where('id', 'in', ids).orderBy('id');
  if (deps.engine === 'postgres') query = query.forUpdate();
  return new Map((await query.execute()).map((row) => [row.id, row]));
}

/** A row held until the transaction ends (PostgreSQL row lock; SQLite has one writer at a time). */
export async function lockSubscription(deps: Deps, trx: Executor, id: string): Promise<SubscriptionRow> {
  let query = trx.selectFrom('subscriptions').selectAll().where('id', '=', id);
  if (deps.engine === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
  return row;
}

export interface CycleLine {
  price_id: string;
  quantity: number;
  amount: string;
  description: string | null;
}

/** What one full cycle of the subscription bills today, line by line, in its currency (or `currencyId`). */
export async function cycleCharge(
  db: Executor,
  subscription: SubscriptionRow,
  currencyId = subscription.currency_id,
): Promise<{ total: bigint; lines: CycleLine[] }> {
  const items = await itemRowsOf(db, [subscription.id]);
  const prices = await loadPrices(
    db,
    flag(subscription.livemode),
    items.map((item) => item.price_id),
  );
  return cycleChargeOf(items, prices, currencyId);
}

/** The subscription's cycle as `cycleCharge` bills it, from its items and their prices as read. */
export function cycleChargeOf(
  items: readonly ItemRow[],
  prices: ReadonlyMap<string, Price>,
  currencyId: string,
): { total: bigint; lines: CycleLine[] } {
  let total = 0n;
  const lines = items.map((item) => {
    const price = prices.get(item.price_id);
    const terms = price && priceIn(price, currencyId);
    // A price the merchant removed or stopped offering in this currency cannot be billed silently.
    if (!terms) throw new KioskError('PRICE_NOT_BILLABLE', { status: 409, params: { price: item.price_id } });
    const amount = lineTotal(terms, Number(item.quantity), undefined);
    total += amount;
    return {
      price_id: item.price_id,
      quantity: Number(item.quantity),
      amount: amount.toString(),
      description: price.nickname,
    };
  });
  return { total, lines };
}

export function recurringOf(subscription: SubscriptionRow): RecurringInterval {
  return subscriptionJson.recurring.read(subscription.recurring);
}

export function mandateSettingsOf(subscription: SubscriptionRow): MandateSettings | undefined {
  return subscriptionJson.payment_settings.read(subscription.payment_settings).mandate;
}

/**
 * What the customer is (or was) asked to authorise for this subscription: its mandate, or `settings`
 * of a later one, which replaces the stored mandate (`replaces`).
 */
export function mandateRequestOf(
  subscription: SubscriptionRow,
  settings = mandateSettingsOf(subscription),
  replaces?: StoredMandate,
): MandateRequest {
  if (!settings) throw new KioskError('MANDATE_NOT_REQUESTED', { status: 409 });
  // The stake is locked with the first mandate; a later one leaves it where it is.
  const stake = settings.key ? undefined : stakeAskedOf(subscription);
  return {
    subscriptionId: subscription.id,
    ...(settings.key ? { renewal: { key: settings.key, replaces } } : {}),
    ...(settings.rail ? { rail: settings.rail } : {}),
    maxPerCycle: BigInt(settings.max_per_cycle),
    recurring: recurringOf(subscription),
    startsAt: settings.starts_at,
    cycles: settings.cycles,
    expiresAt: settings.expires_at,
    ...(stake !== undefined && { stake }),
  };
}

/** The stake the subscription asked at subscribe (smallest units), if any. */
function stakeAskedOf(subscription: SubscriptionRow): bigint | undefined {
  const asked = subscriptionJson.billing_thresholds.read(subscription.billing_thresholds).stake_gte;
  return asked === undefined ? undefined : BigInt(asked);
}

/** The method that collects the subscription and its currency there; undefined when either is gone. */
export async function subscriptionMethod(
  db: Executor,
  subscription: SubscriptionRow,
): Promise<Collecting | undefined> {
  if (!subscription.default_payment_method_id) return undefined;
  const method = await getPaymentMethod(
    db,
    flag(subscription.livemode),
    subscription.default_payment_method_id,
  );
  const currency = method?.payment_currencies.find((c) => c.id === subscription.currency_id);
  return method && currency ? { method, currency } : undefined;
}

/** A method and currency a subscription collects in. */
export interface Collecting {
  method: PaymentMethod;
  currency: PaymentCurrency;
}

/**
 * What `payerDid` already authorises on the method's rail in the currency (readPayer): asked first,
 * outside any transaction; undefined where the method takes no mandates (the transaction refuses).
 */
export async function readPayerOn(
  deps: Deps,
  collecting: Collecting,
  payerDid: string,
): Promise<PayerStanding | undefined> {
  const { adapter, method } = deps.methods.read(collecting.method);
  if (!adapter.readPayer) return undefined;
  try {
    return await adapter.readPayer(method, collecting.currency, payerDid);
  } catch (error) {
    // A method that cannot take mandates is refused where the order is decided, in its own order.
    if (isKioskError(error) && error.status < 500) return undefined;
    throw error;
  }
}

/**
 * What the customer's wallet signs for `request` on the method, given what the payer authorises
 * already (`payer`, asked first; without it, a payer who authorises nothing yet).
 */
export function mandateInstructionsOn(
  deps: Deps,
  collecting: Collecting,
  request: MandateRequest,
  payer: PayerStanding | undefined,
): MandateInstructions {
  const { adapter, method } = deps.methods.read(collecting.method);
  if (!adapter.capabilities.recurring || !adapter.mandateInstructions)
    throw new KioskError('RECURRING_NOT_SUPPORTED', { status: 400 });
  return adapter.mandateInstructions(method, collecting.currency, request, payer);
}

/** The customer's authorised mandate for the subscription's method, if any. */
export function storedMandateOf(
  subscription: SubscriptionRow,
  methodType: string,
): StoredMandate | undefined {
  return subscriptionJson.payment_details.read(subscription.payment_details)[methodType];
}

/**
 * Seed 000 §1: a paid period stays active to its end; a free trial is cancelled at once (and so is
 * anything not yet paid for). `at: 'now'` ends it at once whatever it is.
 */
export async function cancelSubscription(
  deps: Deps,
  id: string,
  request: {
    at: 'now' | 'current_period_end';
    feedback?: CancellationFeedback;
    comment?: string;
    requestedBy: 'customer' | 'merchant';
    /** Why, when not asked for: the customer withdrew the stake it needs (flows/watch-stakes.ts). */
    reason?: 'stake_revoked';
  },
): Promise<SubscriptionRow> {
  return transaction(deps.db, async (trx) => {
    const subscription = await lockSubscription(deps, trx, id);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
      throw new KioskError('SUBSCRIPTION_ENDED', { status: 409 });
    const now = deps.clock.nowUnix();
    const details = subscriptionJson.cancelation_details.write({
      reason: request.reason ?? 'cancellation_requested',
      feedback: request.feedback ?? null,
      comment: request.comment ?? null,
      requested_by: request.requestedBy,
    });
    const atPeriodEnd =
      request.at === 'current_period_end' && ['active', 'past_due'].includes(subscription.status);
    if (atPeriodEnd) {
      const row = await deps.resources.subscriptions.update(
        trx,
        id,
        {
          cancel_at_period_end: true,
          cancel_at: Number(subscription.current_period_end),
          canceled_at: now,
          cancelation_details: details,
        },
        'customer.subscription.updated',
      );
      return row!;
    }
    const ended = (await deps.resources.subscriptions.transition(trx, id, subscription.status, 'canceled', {
      type: 'customer.subscription.deleted',
      set: { canceled_at: now, ended_at: now, cancel_at: now, cancelation_details: details },
    }))!;
    await returnStakeOnEnd(deps, trx, ended);
    return ended;
  });
}

/**
 * Its checkout's time ran out before the first payment (Stripe gives 23 hours; here the session's own
 * `expires_at`): an incomplete subscription ends, final, with nothing ever paid. `subscription` is the
 * row as locked in this transaction.
 */
export async function expireIncompleteSubscription(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
): Promise<void> {
  if (subscription.status !== 'incomplete') return;
  await deps.resources.subscriptions.transition(trx, subscription.id, 'incomplete', 'incomplete_expired', {
    type: 'customer.subscription.updated',
    set: { ended_at: deps.clock.nowUnix() },
  });
  await returnStakeOnEnd(deps, trx, subscription);
}

/** Undoes a cancel scheduled for the period end: the subscription renews on its next date. */
export async function recoverSubscription(deps: Deps, id: string): Promise<SubscriptionRow> {
  return transaction(deps.db, async (trx) => {
    const subscription = await lockSubscription(deps, trx, id);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
      throw new KioskError('SUBSCRIPTION_ENDED', { status: 409 });
    if (!flag(subscription.cancel_at_period_end))
      throw new KioskError('SUBSCRIPTION_NOT_CANCELING', { status: 409 });
    // Seed 000 §1: it ends because its stake is being withdrawn; it runs on only with a new one.
    if (
      subscriptionJson.cancelation_details.read(subscription.cancelation_details).reason === 'stake_revoked'
    )
      throw new KioskError('STAKE_REQUIRED', { status: 409 });
    return (await deps.resources.subscriptions.update(
      trx,
      id,
      { cancel_at_period_end: false, cancel_at: null, canceled_at: null, cancelation_details: '{}' },
      'customer.subscription.updated',
    ))!;
  });
}

/**
 * Paid: a subscription waiting for its payment runs; a past-due one runs again once nothing is overdue.
 * `subscription` is the row as locked in this transaction (lockSubscription).
 */
export async function activateAfterPayment(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
): Promise<void> {
  const subscriptionId = subscription.id;
  if (!['incomplete', 'trialing', 'past_due'].includes(subscription.status)) return;
  const overdue = await trx
    .selectFrom('invoices')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('status', 'in', ['open', 'uncollectible'])
    .where('amount_remaining', '!=', '0')
    .executeTakeFirst();
  if (subscription.status === 'past_due' && overdue) return;
  await deps.resources.subscriptions.transition(trx, subscriptionId, subscription.status, 'active', {
    type: 'customer.subscription.updated',
  });
}
