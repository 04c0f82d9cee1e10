import { idParam } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { subscriptionSchema } from './subscriptions.ts';

/**
 * The merchant pauses a subscription's collection and resumes it (docs/payments.md "Pausing"): paused,
 * it is not billed; resumed, it runs on its old billing dates.
 */
export const subscriptionPauseRoutes = defineRoutes({
  'PUT /api/subscriptions/:id/pause': { params: idParam, response: { 200: subscriptionSchema } },
  'PUT /api/subscriptions/:id/resume': { params: idParam, response: { 200: subscriptionSchema } },
});
