import { CHECKOUT_REFUSAL_STATUS, checkoutRefusal, KioskError } from '@kiosk/core';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { Buyer } from '../schemas.ts';
import type { PaymentsTables } from '../tables.ts';
import { lockSession } from '../checkout-sessions/service.ts';
import { findSessionRow } from '../checkout-sessions/queries.ts';
import { findIntentRow } from '../payment-intents/queries.ts';
import { isAnonymousDonor } from '../donations/donor.ts';

export interface Order {
  session: PaymentsTables['checkout_sessions'];
  intent: PaymentsTables['payment_intents'] | undefined;
}

async function refused(deps: Deps, db: Executor, session: Order['session']): Promise<Order> {
  const intent = session.payment_intent_id ? await findIntentRow(db, session.payment_intent_id) : undefined;
  const refusal = checkoutRefusal(
    { ...session, expires_at: Number(session.expires_at) },
    intent?.status,
    deps.clock.nowUnix(),
  );
  if (refusal) throw new KioskError(refusal, { status: CHECKOUT_REFUSAL_STATUS[refusal] });
  return { session, intent };
}

/**
 * A session about to change (submit, an edit) by `buyer` (the caller's DID, undefined when
 * anonymous), held for the transaction, with its intent — or a refusal: the session is another
 * buyer's, or core's one rule (paid, expired, or a payment on its way).
 */
export async function lockOpenOrder(
  deps: Deps,
  trx: Executor,
  sessionId: string,
  buyer: Buyer | undefined,
): Promise<Order> {
  const session = await lockSession(deps, trx, sessionId);
  checkBuyer(session, buyer);
  return refused(deps, trx, session);
}

/**
 * Once a session has a buyer, only that buyer (signed in, or by an authToken for them) acts on it:
 * nobody else may take it over, and nobody anonymous may re-price it. A session without a buyer yet,
 * or an anonymous donor's (donations/donor.ts), is the page's to edit. An authToken acts only in its
 * own mode.
 */
export function checkBuyer(session: Order['session'], buyer: Buyer | undefined): void {
  if (buyer?.livemode !== undefined && buyer.livemode !== flag(session.livemode))
    throw new KioskError('FORBIDDEN', { status: 403 });
  const open = session.customer_did === null || isAnonymousDonor(session.customer_did);
  if (open || session.customer_did === buyer?.did) return;
  if (buyer === undefined || isAnonymousDonor(buyer.did))
    throw new KioskError('UNAUTHENTICATED', { status: 401 });
  throw new KioskError('FORBIDDEN', { status: 403 });
}

/** The same rule for a look without a change (a wallet asking what to pay). */
export async function openOrder(deps: Deps, sessionId: string): Promise<Order> {
  const session = await findSessionRow(deps.db, sessionId);
  if (!session) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  return refused(deps, deps.db, session);
}
