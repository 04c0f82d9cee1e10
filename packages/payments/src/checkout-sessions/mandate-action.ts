import { checkoutSessionId, DID_PATTERN } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { ConnectAction } from '@kiosk/identity';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import {
  applyCheckoutMandate,
  askCheckoutMandate,
  type AskedMandate,
} from '../flows/confirm-checkout-mandate.ts';
import { renewalCollecting, renewalInstructions, setupAskOf } from '../subscriptions/reauthorise.ts';
import {
  mandateInstructionsOn,
  mandateRequestOf,
  readPayerOn,
  subscriptionMethod,
} from '../subscriptions/service.ts';
import { findSessionRow } from './queries.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';

const params = z.object({
  checkoutSessionId,
  sessionUserDid: z.string().regex(DID_PATTERN, 'validation.did'),
});
type Params = z.infer<typeof params>;

type MandateMode = 'subscription' | 'setup';

/** A submitted subscription or setup checkout still waiting for its mandate, with its subscription. */
async function authorisable(deps: Deps, id: string, mode: MandateMode) {
  const session = await findSessionRow(deps.db, id);
  if (!session) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  const subscription = session.subscription_id
    ? await findSubscriptionRow(deps.db, session.subscription_id)
    : undefined;
  if (session.mode !== mode || !subscription || !session.customer_did)
    throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
  if (session.status === 'expired') throw new KioskError('CHECKOUT_SESSION_EXPIRED', { status: 410 });
  if (mode === 'setup') {
    if (session.status === 'complete' || setupAskOf(subscription, id) !== 'asked')
      throw new KioskError(
        session.status === 'complete' ? 'CHECKOUT_ALREADY_PAID' : 'CHECKOUT_NOT_SUBMITTED',
        {
          status: 409,
        },
      );
  } else if (session.status === 'complete' || subscription.status !== 'incomplete') {
    // Authorised already: the subscription runs (or ran) on the mandate it has.
    throw new KioskError('CHECKOUT_ALREADY_PAID', { status: 409 });
  }
  return { session, subscription, buyerDid: session.customer_did };
}

/**
 * What the wallet signs for the session, as the rail stands now (what the payer already allows is read
 * there), built from the stored subscription: what submit asked for, and what the confirm will check.
 */
async function mandateOf(deps: Deps, id: string, mode: MandateMode) {
  const { subscription, buyerDid } = await authorisable(deps, id, mode);
  if (mode === 'setup') {
    const collecting = await renewalCollecting(deps, subscription);
    const payer = await readPayerOn(deps, collecting, buyerDid);
    return renewalInstructions(deps, subscription, collecting, payer);
  }
  const collecting = await subscriptionMethod(deps.db, subscription);
  if (!collecting) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const payer = await readPayerOn(deps, collecting, buyerDid);
  return mandateInstructionsOn(deps, collecting, mandateRequestOf(subscription), payer);
}

/**
 * Connect actions `subscription` and `setup` (seed 000 §7, docs/identity.md §2): a subscription or
 * setup checkout asks its buyer's wallet, on another device or the demo's test wallet, to send the
 * mandate's calls; once the wallet answers, the server reads the mandate on the chain and starts the
 * subscription, or puts the mandate in place for its future invoices.
 */
export function mandateConnectAction(deps: Deps, mode: MandateMode): ConnectAction {
  return {
    params,
    async open(fields) {
      const { checkoutSessionId: id, sessionUserDid } = fields as Params;
      const { session } = await authorisable(deps, id, mode);
      if (session.customer_did !== sessionUserDid) throw new KioskError('FORBIDDEN');
      return { checkoutSessionId: id, sessionUserDid };
    },
    // Read at each fetch: a later submit re-makes the subscription with the order as it stands.
    async describe(fields) {
      const { checkoutSessionId: id } = fields as Params;
      return { mandate: await mandateOf(deps, id, mode) };
    },
    // The chain is the proof: the hashes are the wallet's to name, never trusted.
    answer: z.object({ tx_hashes: z.array(z.string().max(100)).max(10).optional() }),
    async ask(fields, did) {
      const { checkoutSessionId: id } = fields as Params;
      // Only the buyer's own mandate can start it (the chain read looks for their account): say so now.
      const row = await findSessionRow(deps.db, id);
      if (row && row.customer_did !== did) throw new KioskError('PAYER_MISMATCH', { status: 403 });
      // The wallet signed in as the buyer: its DID acts in whichever mode the session is.
      return askCheckoutMandate(deps, id, { did });
    },
    async complete(fields, _did, _answer, asked) {
      const { checkoutSessionId: id } = fields as Params;
      await applyCheckoutMandate(deps, deps.db, id, asked as AskedMandate);
    },
  };
}
