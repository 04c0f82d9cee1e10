import { KioskError } from '@kiosk/core';
import { admits } from '@kiosk/identity';
import type { FastifyRequest } from 'fastify';
import { findCustomerByDid } from '../customers/queries.ts';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { buyerDid, MERCHANT } from '../schemas.ts';
import { findSubscriptionRow } from './queries.ts';
import type { SubscriptionRow } from './table.ts';

/** Merchants act on every subscription of the mode; customers (signed in or by authToken) on their own. */
export const SUBSCRIPTION_ACCESS = [...MERCHANT, 'signedIn', 'authToken'] as const;

/** Who is asking about subscriptions: the merchant, or a customer (by their customer id). */
export function subscriptionCaller(deps: Deps, request: FastifyRequest) {
  const isMerchant = admits(MERCHANT, request.auth);
  const ownCustomerId = async () =>
    (await findCustomerByDid(deps.db, request.livemode, buyerDid(request)!))?.id;
  return {
    isMerchant,
    ownCustomerId,
    /** The subscription if the caller may see it; a customer learns nothing of others', not even that they exist. */
    async visible(id: string): Promise<SubscriptionRow> {
      const row = await findSubscriptionRow(deps.db, id);
      if (
        !row ||
        flag(row.livemode) !== request.livemode ||
        (!isMerchant && row.customer_id !== (await ownCustomerId()))
      )
        throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
      return row;
    },
  };
}
