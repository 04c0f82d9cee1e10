import { z } from 'zod';
import { idParam } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { subscriptionSchema } from './subscriptions.ts';

/**
 * The merchant slashes a past-due subscription's stake (docs/staking.md): the overdue invoices it
 * covers are paid from it by a `slash_stake` invoice, once the chain has moved it. The answer is the
 * subscription with the slash under way (`stake.details.slash_invoice_id`).
 */
export const subscriptionStakeRoutes = defineRoutes({
  'PUT /api/subscriptions/:id/slash-stake': {
    params: idParam,
    body: z.object({ reason: z.string().trim().min(1).max(500) }),
    response: { 202: subscriptionSchema },
  },
});
