import type { checkoutOptions, LineItemInput } from '@kiosk/contracts';
import { KioskError, newId, SECONDS } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { z } from 'zod';
import { stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { linkCurrency } from '../payment-links/queries.ts';
import { priceLines, type StoredLine } from '../prices/queries.ts';
import type { PaymentsTables } from '../tables.ts';
import { checkoutSessionJson } from './table.ts';

type SessionRow = PaymentsTables['checkout_sessions'];
type Options = z.infer<typeof checkoutOptions>;

/** As Stripe: a session is open for 24 hours unless its creator says less (30 minutes at least). */
export const SESSION_TTL_SECONDS = SECONDS.day;
export const MIN_SESSION_TTL_SECONDS = 30 * SECONDS.minute;

export interface NewSession {
  lines: (LineItemInput | StoredLine)[];
  /** What the creator expects; the prices decide (recurring ones make a subscription). */
  mode?: 'payment' | 'subscription';
  options: Options;
  paymentLinkId?: string | null;
  customerDid?: string | null;
  successUrl?: string | null;
  cancelUrl?: string | null;
  expiresAt?: number;
  startKey?: string | null;
}

export async function createCheckoutSession(
  deps: Deps,
  livemode: boolean,
  input: NewSession,
): Promise<string> {
  return transaction(deps.db, async (trx) => {
    const currencyId = await linkCurrency(trx, livemode, input.options.currency_id, input.lines[0]!.price_id);
    const priced = await priceLines(trx, livemode, input.lines, currencyId);
    if (input.mode && input.mode !== priced.mode)
      throw new KioskError('VALIDATION_FAILED', {
        details: [{ path: 'body.mode', message: 'validation.modeFollowsPrices' }],
      });
    return insertSession(deps, trx, livemode, input, {
      mode: priced.mode,
      payment_status: 'unpaid',
      currency_id: currencyId,
      line_items: checkoutSessionJson.line_items.write(priced.lines),
      amount_subtotal: priced.total.toString(),
      amount_total: priced.total.toString(),
      customer_id: null,
      customer_did: input.customerDid ?? null,
      subscription_id: null,
    });
  });
}

/** What the kind of session decides; the rest of a new session comes from its options. */
type SessionKind = Pick<
  SessionRow,
  | 'mode'
  | 'payment_status'
  | 'currency_id'
  | 'line_items'
  | 'amount_subtotal'
  | 'amount_total'
  | 'customer_id'
  | 'customer_did'
  | 'subscription_id'
>;

export async function insertSession(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  input: Omit<NewSession, 'lines'>,
  kind: SessionKind,
): Promise<string> {
  const now = deps.clock.nowUnix();
  const expiresAt = input.expiresAt ?? now + SESSION_TTL_SECONDS;
  if (expiresAt < now + MIN_SESSION_TTL_SECONDS || expiresAt > now + SESSION_TTL_SECONDS) {
    throw new KioskError('VALIDATION_FAILED', {
      details: [{ path: 'body.expires_at', message: 'validation.sessionExpiry' }],
    });
  }
  const row = await deps.resources.checkoutSessions.insert(
    trx,
    {
      id: newId('checkoutSession'),
      livemode,
      ...kind,
      status: 'open',
      payment_link_id: input.paymentLinkId ?? null,
      expires_at: expiresAt,
      submit_type: input.options.submit_type,
      cross_sell_behavior: input.options.cross_sell_behavior,
      phone_number_collection: checkoutSessionJson.phone_number_collection.write(
        input.options.phone_number_collection,
      ),
      billing_address_collection: input.options.billing_address_collection,
      subscription_data: checkoutSessionJson.subscription_data.write(input.options.subscription_data),
      customer_details: '{}',
      success_url: input.successUrl ?? null,
      cancel_url: input.cancelUrl ?? null,
      payment_method_id: null,
      payment_intent_id: null,
      invoice_id: null,
      metadata: checkoutSessionJson.metadata.write({
        ...input.options.metadata,
        after_completion: input.options.after_completion,
      }),
      start_key: input.startKey ?? null,
      ...stamps(deps.clock),
    },
    'checkout.session.created',
  );
  return row.id;
}

/**
 * The session's row, held until the transaction ends: submit, edits and naming a payment of one
 * session wait for each other (PostgreSQL row lock; SQLite has one writer at a time).
 */
export async function lockSession(deps: Deps, trx: Executor, id: string): Promise<SessionRow> {
  let query = trx.selectFrom('checkout_sessions').selectAll().where('id', '=', id);
  if (deps.engine === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  return row;
}

export type ExpireOutcome = 'expired' | 'not_open' | 'payment_in_progress';

/**
 * Open → expired, once, on the row as this transaction locked it (lockSession). A session whose
 * payment is being checked waits for the verdict: a paid transfer on its way must not find its order
 * gone. What its order left unpaid is closed by flows/expire-checkout.ts.
 */
export async function expireLockedSession(
  deps: Deps,
  trx: Executor,
  row: SessionRow,
): Promise<ExpireOutcome> {
  if (row.status !== 'open') return 'not_open';
  if (row.payment_intent_id) {
    const intent = await trx
      .selectFrom('payment_intents')
      .select('status')
      .where('id', '=', row.payment_intent_id)
      .executeTakeFirst();
    if (intent?.status === 'processing') return 'payment_in_progress';
  }
  const changed = await deps.resources.checkoutSessions.transition(trx, row.id, 'open', 'expired', {
    type: 'checkout.session.expired',
  });
  return changed ? 'expired' : 'not_open';
}

/**
 * expireLockedSession in a transaction of its own: a buyer's page that finds its session past its
 * time (retrieveSession). The expiry sweep closes what the order left unpaid within a minute.
 */
export async function expireSession(deps: Deps, id: string): Promise<ExpireOutcome> {
  return transaction(deps.db, async (trx) =>
    expireLockedSession(deps, trx, await lockSession(deps, trx, id)),
  );
}

/** Paid: the order is complete. */
export async function completeSession(
  deps: Deps,
  trx: Executor,
  id: string,
  paymentStatus: 'paid' | 'no_payment_required' = 'paid',
): Promise<SessionRow | undefined> {
  return deps.resources.checkoutSessions.transition(trx, id, 'open', 'complete', {
    type: 'checkout.session.completed',
    set: { payment_status: paymentStatus },
  });
}
