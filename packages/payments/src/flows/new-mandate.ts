import type { MandateInstructions, Subscription } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { askFirst, transaction } from '@kiosk/db';
import type { NewSession } from '../checkout-sessions/service.ts';
import { createSetupSession } from './setup-session.ts';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import {
  applyRenewal,
  askRenewalVerdict,
  renewalInstructions,
  requestRenewal,
  type RenewalAsk,
} from '../subscriptions/reauthorise.ts';
import { readPayerOn, type SubscriptionRow } from '../subscriptions/service.ts';
import { findCustomerByDid } from '../customers/queries.ts';
import { findSubscriptionRow, getSubscription } from '../subscriptions/queries.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';

/** The customer acting on their own subscription, in the mode of their session or authToken. */
export interface SubscriptionCaller {
  did: string;
  livemode: boolean;
}

/** Only the subscription's customer signs its mandates: anyone else's subscription is not found. */
async function ownSubscription(deps: Deps, id: string, caller: SubscriptionCaller): Promise<SubscriptionRow> {
  const row = await findSubscriptionRow(deps.db, id);
  const customer = await findCustomerByDid(deps.db, caller.livemode, caller.did);
  if (!row || flag(row.livemode) !== caller.livemode || row.customer_id !== customer?.id)
    throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
  return row;
}

/**
 * POST /api/subscriptions/{id}/mandate (authorise again, reauthorise.ts): what the customer's wallet
 * already allows on the rail is asked first; then the new mandate is asked for, and its calls built
 * from the subscription as that leaves it.
 */
export async function askForNewMandate(
  deps: Deps,
  id: string,
  caller: SubscriptionCaller,
  ask: RenewalAsk,
): Promise<{ subscription: Subscription; mandateInstructions: MandateInstructions }> {
  const payer = await askFirst(async () => {
    const row = await ownSubscription(deps, id, caller);
    const methodId = ask.methodId ?? row.default_payment_method_id;
    const method = methodId ? await getPaymentMethod(deps.db, caller.livemode, methodId) : undefined;
    const currency = method?.payment_currencies.find((c) => c.id === (ask.currencyId ?? row.currency_id));
    // One that cannot be used is refused where the ask is decided.
    return method && currency ? readPayerOn(deps, { method, currency }, caller.did) : undefined;
  });
  return transaction(deps.db, async (trx) => {
    const { subscription, collecting } = await requestRenewal(deps, trx, id, ask);
    return {
      subscription: (await getSubscription(trx, id))!,
      mandateInstructions: renewalInstructions(deps, subscription, collecting, payer),
    };
  });
}

/**
 * POST /api/subscriptions/{id}/mandate/confirm: the wallet has sent the calls. The rail is read first
 * (`MANDATE_PENDING` until the mandate is there; the seed's refusals when it is not what was asked);
 * then the new mandate replaces the stored one. Calling it again changes nothing.
 */
export async function confirmNewMandate(
  deps: Deps,
  id: string,
  caller: SubscriptionCaller,
): Promise<Subscription> {
  const confirmed = await askFirst(async () =>
    askRenewalVerdict(deps, await ownSubscription(deps, id, caller), caller.did),
  );
  return transaction(deps.db, async (trx) => {
    if (confirmed) await applyRenewal(deps, trx, id, confirmed);
    return (await getSubscription(trx, id))!;
  });
}

/** POST /api/subscriptions/{id}/setup-session: a setup session for the customer's own subscription. */
export async function createOwnSetupSession(
  deps: Deps,
  id: string,
  caller: SubscriptionCaller,
  input: Omit<NewSession, 'lines'>,
): Promise<string> {
  await ownSubscription(deps, id, caller);
  return createSetupSession(deps, caller.livemode, id, input);
}
