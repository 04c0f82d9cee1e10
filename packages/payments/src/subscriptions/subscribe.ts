import type { MandateInstructions, PaymentCurrency, PaymentMethod } from '@kiosk/contracts';
import {
  KioskError,
  newId,
  periodBoundary,
  stakeAsked,
  trialEnd,
  type RecurringInterval,
  type StakeTerms,
} from '@kiosk/core';
import { stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { PayerStanding } from '../methods/adapter.ts';
import { mandateInstructionsOn, mandateSettingsFrom } from './service.ts';
import type { PricedLines } from '../prices/queries.ts';
import type { PaymentsTables } from '../tables.ts';
import { findSubscriptionRow, itemRowsOf, trialWithheld } from './queries.ts';
import { subscriptionJson } from './table.ts';

type SessionRow = PaymentsTables['checkout_sessions'];

interface SubscriptionData extends StakeTerms {
  trial_period_days?: number;
  trial_end?: number;
  /** Seed: the trial applies only when the chosen currency is one of these (comma-separated ids). */
  trial_currency?: string;
  /** Unless false, a buyer has each product's trial once (queries.ts trialWithheld). */
  trial_once_per_customer?: boolean;
  description?: string;
}

/** The one interval every line of a subscription shares; anything else cannot be one subscription. */
function sharedInterval(priced: PricedLines): RecurringInterval {
  const intervals = [...priced.prices.values()].map((price) => price.recurring);
  const [first] = intervals;
  if (
    !first ||
    intervals.some((r) => !r || r.interval !== first.interval || r.interval_count !== first.interval_count)
  )
    throw new KioskError('SUBSCRIPTION_INTERVALS_DIFFER', { status: 400 });
  return { interval: first.interval, interval_count: first.interval_count };
}

/** The order a subscription checkout submits: its session, buyer, choices and priced lines. */
interface SubscribeOrder {
  session: SessionRow;
  livemode: boolean;
  customerId: string;
  method: PaymentMethod;
  currency: PaymentCurrency;
  priced: PricedLines;
  subscriptionData: SubscriptionData;
  /** What the buyer's wallet authorises already (asked first). */
  payer: PayerStanding | undefined;
  /** What the method's rail opened first for the mandate (a card's SetupIntent), if it opens any. */
  rail: Record<string, string> | undefined;
}

/**
 * Whether the order gets the trial its subscription_data offers: in a currency `trial_currency`
 * names when it names any, and not to a customer who has had one of its products' trials (unless the
 * merchant lets it repeat), decided here in the submit's transaction from their subscriptions.
 */
async function trialApplies(trx: Executor, order: SubscribeOrder): Promise<boolean> {
  const data = order.subscriptionData;
  const currencies = data.trial_currency
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (currencies?.length && !currencies.includes(order.currency.id)) return false;
  return !(await trialWithheld(trx, {
    livemode: order.livemode,
    taker: { customerId: order.customerId },
    productIds: [...new Set([...order.priced.prices.values()].map((price) => price.product_id))],
    data,
    except: order.session.subscription_id,
  }));
}

/**
 * Submit of a subscription checkout: the subscription is made (or, on a later submit, re-made)
 * `incomplete` with its items and the mandate the customer is asked to sign; nothing runs until the
 * wallet's mandate is on the chain (mandate.ts). Answers what the wallet signs.
 */
export async function subscribeOrder(
  deps: Deps,
  trx: Executor,
  order: SubscribeOrder,
): Promise<{ subscriptionId: string; mandate: MandateInstructions }> {
  const { session, priced, currency, method } = order;
  const recurring = sharedInterval(priced);
  const { adapter, method: read } = deps.methods.read(method);
  if (!adapter.capabilities.recurring) throw new KioskError('RECURRING_NOT_SUPPORTED', { status: 400 });
  // Seed 000 §5; asked only where the method can hold a stake (Payment Kit stakes on its own chain
  // only, and a card has nothing to lock).
  const capabilities = adapter.capabilitiesOf?.(read, currency) ?? adapter.capabilities;
  const stake = capabilities.stake ? stakeAsked(order.subscriptionData, currency.decimal) : undefined;

  const now = deps.clock.nowUnix();
  const data = order.subscriptionData;
  const trialEndsAt = (await trialApplies(trx, order)) ? trialEnd(data, now) : undefined;
  const anchor = trialEndsAt ?? now;
  const mandate = {
    ...mandateSettingsFrom(anchor, recurring, priced.total),
    ...(order.rail && { rail: order.rail }),
  };
  const fields = {
    customer_id: order.customerId,
    currency_id: currency.id,
    default_payment_method_id: method.id,
    description: data.description ?? null,
    recurring: subscriptionJson.recurring.write(recurring),
    billing_cycle_anchor: anchor,
    current_period_start: now,
    current_period_end: trialEndsAt ?? periodBoundary(anchor, recurring, 1),
    start_date: now,
    trial_start: trialEndsAt === undefined ? null : now,
    trial_end: trialEndsAt ?? null,
    payment_settings: subscriptionJson.payment_settings.write({ mandate }),
    billing_thresholds: subscriptionJson.billing_thresholds.write(
      stake === undefined ? {} : { stake_gte: stake.toString() },
    ),
  };

  let subscriptionId = session.subscription_id;
  const earlier = subscriptionId ? await findSubscriptionRow(trx, subscriptionId) : undefined;
  if (earlier) {
    // Once the customer's mandate is in, what it was signed for stays.
    const mandates = subscriptionJson.payment_details.read(earlier.payment_details);
    if (earlier.status !== 'incomplete' || Object.keys(mandates).length > 0)
      throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });
    await deps.resources.subscriptions.update(trx, earlier.id, fields, 'customer.subscription.updated');
    for (const item of await itemRowsOf(trx, [earlier.id]))
      await deps.resources.subscriptionItems.delete(trx, item.id, 'subscription_item.deleted');
  } else {
    subscriptionId = newId('subscription');
    await deps.resources.subscriptions.insert(
      trx,
      {
        id: subscriptionId,
        livemode: order.livemode,
        status: 'incomplete',
        ...fields,
        checkout_session_id: session.id,
        latest_invoice_id: null,
        ended_at: null,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancelation_details: '{}',
        collection_method: 'charge_automatically',
        proration_behavior: 'create_prorations',
        payment_details: '{}',
        stake: '{}',
        pause_collection: '{}',
        pending_update: '{}',
        pending_invoice_items: '[]',
        recovered_from: null,
        metadata: '{}',
        ...stamps(deps.clock),
      },
      'customer.subscription.created',
    );
  }
  for (const line of priced.lines) {
    await deps.resources.subscriptionItems.insert(
      trx,
      {
        id: newId('subscriptionItem'),
        livemode: order.livemode,
        subscription_id: subscriptionId!,
        price_id: line.price_id,
        quantity: line.quantity,
        metadata: '{}',
        ...stamps(deps.clock),
      },
      'subscription_item.created',
    );
  }
  // A mandate the method cannot take is refused here, and the whole submit with it.
  const instructions = mandateInstructionsOn(
    deps,
    { method, currency },
    {
      subscriptionId: subscriptionId!,
      maxPerCycle: priced.total,
      recurring,
      startsAt: mandate.starts_at,
      cycles: mandate.cycles,
      expiresAt: mandate.expires_at,
      ...(order.rail && { rail: order.rail }),
      ...(stake !== undefined && { stake }),
    },
    order.payer,
  );
  return { subscriptionId: subscriptionId!, mandate: instructions };
}
