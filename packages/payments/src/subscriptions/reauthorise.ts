import type { MandateInstructions } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag, fromJson, toJson, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { getPaymentMethod } from '../payment-methods/service.ts';
import {
  cycleCharge,
  lockSubscription,
  mandateRequestOf,
  mandateSettingsFrom,
  recurringOf,
  storedMandateOf,
  subscriptionMethod,
  type MandateSettings,
  type SubscriptionRow,
} from './service.ts';
import { pendingUpdateOf } from './view.ts';

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
  mandate?: MandateSettings;
  renewal?: Renewal;
  mandates?: number;
}

export const RENEWABLE = new Set(['trialing', 'active', 'past_due']);

const settingsOf = (subscription: SubscriptionRow) =>
  fromJson<PaymentSettings>(subscription.payment_settings, {});

export interface RenewalAsk {
  /** At least, and by default, what a cycle costs now; a dearer plan's amount to change to it. */
  maxPerCycle?: bigint;
  /** Seed 000 §1, "change payment method": future invoices only. The same method by default. */
  methodId?: string;
  /** The currency on that method; the subscription's by default. */
  currencyId?: string;
  /** The setup checkout asking (mode setup). */
  checkoutSessionId?: string;
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
  const confirmed = mandate as Renewal | undefined;
  return confirmed?.checkout_session_id === sessionId ? 'in_place' : undefined;
}

/**
 * POST /api/subscriptions/{id}/mandate: asks for a new mandate, on the subscription's method or another
 * one. Asking again replaces an unconfirmed ask.
 */
export async function requestRenewal(deps: Deps, trx: Executor, id: string, ask: RenewalAsk): Promise<void> {
  const subscription = await lockSubscription(deps, trx, id);
  if (!RENEWABLE.has(subscription.status)) throw new KioskError('SUBSCRIPTION_ENDED', { status: 409 });
  const settings = settingsOf(subscription);
  if (!settings.mandate) throw new KioskError('MANDATE_NOT_REQUESTED', { status: 409 });
  const methodId = ask.methodId ?? subscription.default_payment_method_id;
  const currencyId = ask.currencyId ?? subscription.currency_id;
  const method = methodId ? await getPaymentMethod(trx, flag(subscription.livemode), methodId) : undefined;
  const currency = method?.payment_currencies.find((c) => c.id === currencyId);
  if (!method?.active || !currency?.active) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  if (!deps.methods.read(method).adapter.capabilities.recurring)
    throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  // Carried credit and a waiting plan change are in the old currency: they are settled in it first.
  if (
    currencyId !== subscription.currency_id &&
    (pendingUpdateOf(subscription) || fromJson<unknown[]>(subscription.pending_invoice_items, []).length)
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
  };
  await deps.resources.subscriptions.update(
    trx,
    id,
    { payment_settings: toJson({ ...settings, renewal, mandates: asked } satisfies PaymentSettings) },
    'customer.subscription.updated',
  );
}

/**
 * Where the asked-for mandate collects, its adapter, and the stored mandate it replaces: one on the
 * same method only (its revocation is a call on the same chain; another method's stays unused).
 */
async function collectingOf(deps: Deps, subscription: SubscriptionRow, renewal: Renewal) {
  const collecting = await subscriptionMethod(deps.db, {
    ...subscription,
    default_payment_method_id: renewal.method_id,
    currency_id: renewal.currency_id,
  });
  if (!collecting) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const { adapter, method } = deps.methods.read(collecting.method);
  if (!adapter.mandateInstructions || !adapter.verifyMandate)
    throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  const sameMethod = renewal.method_id === subscription.default_payment_method_id;
  return {
    currency: collecting.currency,
    method,
    instructions: adapter.mandateInstructions.bind(adapter),
    verify: adapter.verifyMandate.bind(adapter),
    replaces: sameMethod ? storedMandateOf(subscription, collecting.method.type) : undefined,
  };
}

/** The wallet's calls for the asked-for mandate, read from the chain now (outside any transaction). */
export async function renewalInstructions(
  deps: Deps,
  subscription: SubscriptionRow,
  payerDid: string,
): Promise<MandateInstructions> {
  const { renewal } = settingsOf(subscription);
  if (!renewal) throw new KioskError('MANDATE_NOT_REQUESTED', { status: 409 });
  const { instructions, method, currency, replaces } = await collectingOf(deps, subscription, renewal);
  return instructions(method, currency, {
    ...mandateRequestOf(subscription, renewal, replaces),
    payerDid,
  });
}

/**
 * POST /api/subscriptions/{id}/mandate/confirm: the wallet has sent the calls. The chain is read
 * (`MANDATE_PENDING` until the mandate is there; the seed's refusals when it is not what was asked);
 * then the new mandate replaces the stored one. Calling it again changes nothing.
 */
export async function confirmRenewal(
  deps: Deps,
  subscription: SubscriptionRow,
  payerDid: string,
): Promise<void> {
  const { renewal } = settingsOf(subscription);
  if (!renewal) return;
  const { verify, method, currency, replaces } = await collectingOf(deps, subscription, renewal);
  const verdict = await verify(method, currency, {
    ...mandateRequestOf(subscription, renewal, replaces),
    payerDid,
  });
  if (verdict.outcome === 'pending') throw new KioskError('MANDATE_PENDING', { status: 409 });
  if (verdict.outcome === 'rejected') throw new KioskError(verdict.reason, { status: 400 });
  const { outcome: _authorized, ...mandate } = verdict;

  await transaction(deps.db, async (trx) => {
    const current = await lockSubscription(deps, trx, subscription.id);
    // Confirmed meanwhile, or asked for again with other terms: this verdict is not for what stands.
    const settings = settingsOf(current);
    if (settings.renewal?.key !== renewal.key) return;
    await deps.resources.subscriptions.update(
      trx,
      current.id,
      {
        // From the next invoice on, it collects through the new mandate, on its method and currency.
        payment_details: toJson({ [method.type]: mandate }),
        payment_settings: toJson({ mandate: renewal, mandates: settings.mandates } satisfies PaymentSettings),
        default_payment_method_id: renewal.method_id,
        currency_id: renewal.currency_id,
      },
      'customer.subscription.updated',
    );
  });
}
