import type { MandateInstructions } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { PayerStanding, StoredMandate } from '../methods/adapter.ts';
import {
  cycleCharge,
  lockSubscription,
  mandateInstructionsOn,
  mandateRequestOf,
  mandateSettingsFrom,
  recurringOf,
  storedMandateOf,
  subscriptionMethod,
  type Collecting,
  type MandateSettings,
  type SubscriptionRow,
} from './service.ts';
import { subscriptionJson } from './table.ts';
import { pendingUpdateOf } from './view.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';

/**
 * Authorising again (issue 11 items 3 and 5): a subscription's customer signs a new mandate that
 * replaces the one on file — for a dearer plan than the mandate allows, or before its cycles run out.
 * The new mandate's first pull may come at the next billing date, so the current period's pull (made
 * or due) is untouched, and it covers MANDATE_CYCLES cycles from there. The wallet approves it, creates
 * it and then revokes the old one; the server reads the chain before it swaps them, and each later
 * pull uses the new one.
 *
 * `payment_settings` holds `mandate` (what the stored mandate was asked as), `renewal` (a new one asked
 * for and not yet confirmed) and `mandates` (how many were asked for, which names the next one's key).
 */

/**
 * A new mandate asked for, and where it collects: another method or currency changes them too. A setup
 * checkout's ask names the session, which completes once that mandate is in place.
 */
type Renewal = MandateSettings & { method_id: string; currency_id: string; checkout_session_id?: string };

interface PaymentSettings {
  /** What the stored mandate was asked as: the first ask, or the renewal confirmed in its place. */
  mandate?: MandateSettings | Renewal;
  renewal?: Renewal;
  mandates?: number;
}

export const RENEWABLE = new Set(['trialing', 'active', 'past_due']);

const settingsOf = (subscription: SubscriptionRow) =>
  subscriptionJson.payment_settings.read(subscription.payment_settings);

export interface RenewalAsk {
  /** At least, and by default, what a cycle costs now; a dearer plan's amount to change to it. */
  maxPerCycle?: bigint;
  /** Seed 000 §1, "change payment method": future invoices only. The same method by default. */
  methodId?: string;
  /** The currency on that method; the subscription's by default. */
  currencyId?: string;
  /** The setup checkout asking (mode setup). */
  checkoutSessionId?: string;
  /** What the method's rail opened first for the mandate (a card's SetupIntent), on a rail that opens them. */
  rail?: Record<string, string>;
}

/**
 * Where a setup checkout's ask stands: `asked` until its mandate is confirmed, then `in_place` while it
 * is the stored mandate; undefined before it asks (or once another ask replaced it).
 */
export function setupAskOf(
  subscription: SubscriptionRow,
  sessionId: string,
): 'asked' | 'in_place' | undefined {
  const { mandate, renewal } = settingsOf(subscription);
  if (renewal?.checkout_session_id === sessionId) return 'asked';
  return mandate?.checkout_session_id === sessionId ? 'in_place' : undefined;
}

/**
 * POST /api/subscriptions/{id}/mandate: asks for a new mandate, on the subscription's method or another
 * one. Asking again replaces an unconfirmed ask. Answers the subscription as asked, and where the new
 * mandate collects.
 */
export async function requestRenewal(
  deps: Deps,
  trx: Executor,
  id: string,
  ask: RenewalAsk,
): Promise<{ subscription: SubscriptionRow; collecting: Collecting }> {
  const subscription = await lockSubscription(deps, trx, id);
  if (!RENEWABLE.has(subscription.status)) throw new KioskError('SUBSCRIPTION_ENDED', { status: 409 });
  const settings = settingsOf(subscription);
  if (!settings.mandate) throw new KioskError('MANDATE_NOT_REQUESTED', { status: 409 });
  const methodId = ask.methodId ?? subscription.default_payment_method_id;
  const currencyId = ask.currencyId ?? subscription.currency_id;
  const method = methodId ? await getPaymentMethod(trx, flag(subscription.livemode), methodId) : undefined;
  const currency = method?.payment_currencies.find((c) => c.id === currencyId);
  if (!method?.active || !currency?.active) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const { adapter } = deps.methods.read(method);
  if (!adapter.capabilities.recurring) throw new KioskError('RECURRING_NOT_SUPPORTED', { status: 400 });
  // A card is saved on a page the rail opens first: only a setup checkout asks for one.
  if (adapter.prepareMandate && !ask.rail)
    throw new KioskError('MANDATE_NEEDS_SETUP_CHECKOUT', { status: 400 });
  // Carried credit and a waiting plan change are in the old currency: they are settled in it first.
  if (
    currencyId !== subscription.currency_id &&
    (pendingUpdateOf(subscription) ||
      subscriptionJson.pending_invoice_items.read(subscription.pending_invoice_items).length)
  )
    throw new KioskError('CURRENCY_CHANGE_BLOCKED', { status: 409 });
  const cycle = (await cycleCharge(trx, subscription, currencyId)).total;
  const max = ask.maxPerCycle !== undefined && ask.maxPerCycle > cycle ? ask.maxPerCycle : cycle;
  // Each ask has a key of its own: a mandate created for an earlier ask never answers a later one.
  const asked = (settings.mandates ?? 1) + 1;
  const renewal: Renewal = {
    ...mandateSettingsFrom(
      Number(subscription.current_period_end),
      recurringOf(subscription),
      max,
      `${id}/mandate/${asked}`,
    ),
    method_id: method.id,
    currency_id: currency.id,
    ...(ask.checkoutSessionId ? { checkout_session_id: ask.checkoutSessionId } : {}),
    ...(ask.rail ? { rail: ask.rail } : {}),
  };
  const updated = await deps.resources.subscriptions.update(
    trx,
    id,
    {
      payment_settings: subscriptionJson.payment_settings.write({
        ...settings,
        renewal,
        mandates: asked,
      } satisfies PaymentSettings),
    },
    'customer.subscription.updated',
  );
  return { subscription: updated!, collecting: { method, currency } };
}

/**
 * The mandate asked for and the stored one it replaces: one on the same method only (its revocation is
 * a call on the same chain; another method's stays unused).
 */
function renewalRequest(subscription: SubscriptionRow, renewal: Renewal, methodType: string) {
  const sameMethod = renewal.method_id === subscription.default_payment_method_id;
  return mandateRequestOf(
    subscription,
    renewal,
    sameMethod ? storedMandateOf(subscription, methodType) : undefined,
  );
}

/**
 * The wallet's calls for the asked-for mandate, `subscription` as requestRenewal answered it, given
 * what the payer authorises already (asked first).
 */
export function renewalInstructions(
  deps: Deps,
  subscription: SubscriptionRow,
  collecting: Collecting,
  payer: PayerStanding | undefined,
): MandateInstructions {
  const { renewal } = settingsOf(subscription);
  if (!renewal) throw new KioskError('MANDATE_NOT_REQUESTED', { status: 409 });
  return mandateInstructionsOn(
    deps,
    collecting,
    renewalRequest(subscription, renewal, collecting.method.type),
    payer,
  );
}

/** Where the asked-for mandate of `subscription` collects; refused when either is gone. */
export async function renewalCollecting(deps: Deps, subscription: SubscriptionRow): Promise<Collecting> {
  const { renewal } = settingsOf(subscription);
  if (!renewal) throw new KioskError('MANDATE_NOT_REQUESTED', { status: 409 });
  const collecting = await subscriptionMethod(deps.db, {
    ...subscription,
    default_payment_method_id: renewal.method_id,
    currency_id: renewal.currency_id,
  });
  if (!collecting) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  return collecting;
}

/** A new mandate found on the rail as asked (askRenewalVerdict), for applyRenewal. */
export interface ConfirmedRenewal {
  key: string | undefined;
  methodType: string;
  mandate: StoredMandate;
}

/**
 * Reads the rail for the asked-for mandate (asked first, outside any transaction): `MANDATE_PENDING`
 * until it is there, the seed's refusals when it is not what was asked; undefined when nothing is asked.
 */
export async function askRenewalVerdict(
  deps: Deps,
  subscription: SubscriptionRow,
  payerDid: string,
): Promise<ConfirmedRenewal | undefined> {
  const { renewal } = settingsOf(subscription);
  if (!renewal) return undefined;
  const collecting = await renewalCollecting(deps, subscription);
  const { adapter, method } = deps.methods.read(collecting.method);
  if (!adapter.verifyMandate) throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  const verdict = await adapter.verifyMandate(method, collecting.currency, {
    ...renewalRequest(subscription, renewal, collecting.method.type),
    payerDid,
  });
  if (verdict.outcome === 'pending') throw new KioskError('MANDATE_PENDING', { status: 409 });
  if (verdict.outcome === 'rejected') throw new KioskError(verdict.reason, { status: 400 });
  const { outcome: _authorized, ...mandate } = verdict;
  return { key: renewal.key, methodType: collecting.method.type, mandate };
}

/**
 * Puts a confirmed new mandate in place of the stored one: each later pull uses it. Changes nothing
 * when the ask it answers was confirmed meanwhile or asked again with other terms. Answers the
 * subscription as it now stands (held for the transaction).
 */
export async function applyRenewal(
  deps: Deps,
  trx: Executor,
  subscriptionId: string,
  confirmed: ConfirmedRenewal,
): Promise<SubscriptionRow> {
  const current = await lockSubscription(deps, trx, subscriptionId);
  const settings = settingsOf(current);
  const renewal = settings.renewal;
  if (!renewal || renewal.key !== confirmed.key) return current;
  const updated = await deps.resources.subscriptions.update(
    trx,
    current.id,
    {
      // From the next invoice on, it collects through the new mandate, on its method and currency.
      payment_details: subscriptionJson.payment_details.write({ [confirmed.methodType]: confirmed.mandate }),
      payment_settings: subscriptionJson.payment_settings.write({
        mandate: renewal,
        mandates: settings.mandates,
      } satisfies PaymentSettings),
      default_payment_method_id: renewal.method_id,
      currency_id: renewal.currency_id,
    },
    'customer.subscription.updated',
  );
  return updated!;
}
