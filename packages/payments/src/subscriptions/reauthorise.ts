import type { MandateInstructions } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { fromJson, toJson, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
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

interface PaymentSettings {
  mandate?: MandateSettings;
  renewal?: MandateSettings;
  mandates?: number;
}

const RENEWABLE = new Set(['trialing', 'active', 'past_due']);

const settingsOf = (subscription: SubscriptionRow) =>
  fromJson<PaymentSettings>(subscription.payment_settings, {});

/**
 * POST /api/subscriptions/{id}/mandate: asks for a new mandate allowing `maxPerCycle` (at least what a
 * cycle costs now; a dearer plan's amount to change to it). Asking again replaces an unconfirmed ask.
 */
export async function requestRenewal(
  deps: Deps,
  trx: Executor,
  id: string,
  maxPerCycle: bigint | undefined,
): Promise<void> {
  const subscription = await lockSubscription(deps, trx, id);
  if (!RENEWABLE.has(subscription.status)) throw new KioskError('SUBSCRIPTION_ENDED', { status: 409 });
  const settings = settingsOf(subscription);
  if (!settings.mandate) throw new KioskError('MANDATE_NOT_REQUESTED', { status: 409 });
  const cycle = (await cycleCharge(trx, subscription)).total;
  const max = maxPerCycle !== undefined && maxPerCycle > cycle ? maxPerCycle : cycle;
  // Each ask has a key of its own: a mandate created for an earlier ask never answers a later one.
  const asked = (settings.mandates ?? 1) + 1;
  const renewal = mandateSettingsFrom(
    Number(subscription.current_period_end),
    recurringOf(subscription),
    max,
    `${id}/mandate/${asked}`,
  );
  await deps.resources.subscriptions.update(
    trx,
    id,
    { payment_settings: toJson({ ...settings, renewal, mandates: asked } satisfies PaymentSettings) },
    'customer.subscription.updated',
  );
}

/** The method collecting the subscription, its adapter and the mandate stored for it. */
async function collectingOf(deps: Deps, subscription: SubscriptionRow) {
  const collecting = await subscriptionMethod(deps.db, subscription);
  if (!collecting) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const { adapter, method } = deps.methods.read(collecting.method);
  if (!adapter.mandateInstructions || !adapter.verifyMandate)
    throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  return {
    currency: collecting.currency,
    method,
    instructions: adapter.mandateInstructions.bind(adapter),
    verify: adapter.verifyMandate.bind(adapter),
    stored: storedMandateOf(subscription, collecting.method.type),
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
  const { instructions, method, currency, stored } = await collectingOf(deps, subscription);
  return instructions(method, currency, {
    ...mandateRequestOf(subscription, renewal, stored),
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
  const { verify, method, currency, stored } = await collectingOf(deps, subscription);
  const verdict = await verify(method, currency, {
    ...mandateRequestOf(subscription, renewal, stored),
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
        payment_details: toJson({
          ...fromJson<Record<string, unknown>>(current.payment_details, {}),
          [method.type]: mandate,
        }),
        payment_settings: toJson({ mandate: renewal, mandates: settings.mandates } satisfies PaymentSettings),
      },
      'customer.subscription.updated',
    );
  });
}
