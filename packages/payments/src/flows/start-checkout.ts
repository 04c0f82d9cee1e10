import type { checkoutOptions, checkoutSessionInput } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { createCheckoutSession } from '../checkout-sessions/service.ts';
import type { Deps } from '../deps.ts';
import { getPaymentLink } from '../payment-links/queries.ts';
import { createSetupSession } from './setup-session.ts';

type Options = z.infer<typeof checkoutOptions>;

/** Seed 001 §7: repeats of start within 3 s answer the same session. */
export const START_DEDUPE_SECONDS = 3;

/** A session from the create input of the API (the merchant route and other modules). */
export function createSessionFromInput(
  deps: Deps,
  livemode: boolean,
  input: z.infer<typeof checkoutSessionInput>,
): Promise<string> {
  const {
    line_items,
    success_url,
    cancel_url,
    expires_at,
    customer_did,
    mode,
    setup_intent_data,
    ...options
  } = input;
  const common = { options, successUrl: success_url, cancelUrl: cancel_url, expiresAt: expires_at };
  if (mode === 'setup')
    return createSetupSession(deps, livemode, setup_intent_data!.metadata.subscription_id, common);
  return createCheckoutSession(deps, livemode, {
    ...common,
    mode,
    lines: line_items,
    customerDid: customer_did,
  });
}

/** The buyer a start is deduplicated by: their DID, hashed (the column is an index key, not a record). */
export const startKeyOf = (did: string): string => createHash('sha256').update(did).digest('hex');

/**
 * POST /api/checkout-sessions/start/{plink}: a new session from the link. A signed-in buyer's repeats
 * within 3 s (a double click, two tabs) answer the same session, however many arrive at once. An
 * anonymous visitor always gets a session of their own: an address and a browser name do not tell
 * two people apart, and a shared session would be taken by whoever submits last.
 */
export async function startFromPaymentLink(
  deps: Deps,
  linkId: string,
  caller: { did?: string | undefined },
): Promise<string> {
  const link = await getPaymentLink(deps.db, undefined, linkId, deps.baseUrl);
  if (!link) throw new KioskError('PAYMENT_LINK_NOT_FOUND', { status: 404 });
  if (!link.active) throw new KioskError('PAYMENT_LINK_INACTIVE', { status: 410 });
  const startKey = caller.did ? startKeyOf(caller.did) : null;
  return transaction(deps.db, async (trx) => {
    if (startKey) {
      // Concurrent starts of one buyer wait for each other here (SQLite has one writer already).
      if (deps.engine === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtextextended(${`start:${link.id}:${startKey}`}, 0))`.execute(
          trx,
        );
      const recent = await trx
        .selectFrom('checkout_sessions')
        .select('id')
        .where('payment_link_id', '=', link.id)
        .where('start_key', '=', startKey)
        .where('status', '=', 'open')
        .where('created_at', '>=', deps.clock.nowUnix() - START_DEDUPE_SECONDS)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (recent) return recent.id;
    }
    return createCheckoutSession(deps, link.livemode, {
      lines: link.line_items.map((l) => ({ ...l, cross_sell: l.cross_sell ?? false })),
      options: {
        currency_id: link.currency_id,
        after_completion: link.after_completion as Options['after_completion'],
        phone_number_collection: link.phone_number_collection,
        billing_address_collection: link.billing_address_collection as Options['billing_address_collection'],
        submit_type: link.submit_type as Options['submit_type'],
        subscription_data: link.subscription_data as Options['subscription_data'],
        cross_sell_behavior: link.cross_sell_behavior as Options['cross_sell_behavior'],
        metadata: link.metadata,
      },
      paymentLinkId: link.id,
      customerDid: caller.did ?? null,
      startKey,
    });
  });
}
