import { z } from 'zod';
import { idParam, listOf, pageQuery, updateOf, webAddress } from './common.ts';
import { defineRoutes } from './route.ts';
import { WEBHOOK_EVENT_PATTERN, WEBHOOK_EVENT_PATTERN_MAX } from './webhook-rules.ts';

/**
 * Webhook endpoints (issue 23 item 3): where Kiosk POSTs each event of a mode, signed like Stripe
 * (`Kiosk-Signature: t=…,v1=…`), and the log of those deliveries.
 */

/** `*` (every event), a type (`invoice.paid`) or a group (`charge.*`), as Stripe's `enabled_events`. */
export const webhookEventPattern = z
  .string()
  .max(WEBHOOK_EVENT_PATTERN_MAX)
  .regex(WEBHOOK_EVENT_PATTERN, 'validation.webhookEventPattern');

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  livemode: z.boolean(),
  url: z.string(),
  enabled_events: z.array(z.string()),
  description: z.string().nullable(),
  /** Set by its owner, or by Kiosk once every delivery to it failed for three days. */
  disabled: z.boolean(),
  /** When its deliveries began failing without a success since (null while they succeed). */
  failing_since: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of create and roll-secret: the only ones that show the signing secret. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointInput = z.object({
  // The server checks the address it resolves to itself (webhooks/).
  url: webAddress,
  enabled_events: z.array(webhookEventPattern).min(1).max(100),
  description: z.string().max(500).nullable().optional(),
  disabled: z.boolean().default(false),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInput>;
export const webhookEndpointUpdate = updateOf(webhookEndpointInput);
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdate>;

/** One event sent to one endpoint: its latest attempt, and when the next is due. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  object: z.literal('webhook_delivery'),
  livemode: z.boolean(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Attempts made so far (0 before the first). */
  attempt: z.number(),
  http_status: z.number().nullable(),
  duration_ms: z.number().nullable(),
  /** The start of the receiver's answer (at most 1 KB), or why no answer came. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  next_retry_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** What a receiver gets in the body of each delivery (the SDK's verifyWebhook answers it). */
export interface WebhookEvent<T = unknown> {
  id: string;
  type: string;
  livemode: boolean;
  object_type: string | null;
  object_id: string;
  data: T;
  created_at: number;
}

export const webhookEndpointRoutes = defineRoutes({
  'POST /api/webhook-endpoints': {
    body: webhookEndpointInput,
    response: { 201: webhookEndpointWithSecretSchema },
  },
  'GET /api/webhook-endpoints': { querystring: pageQuery, response: { 200: listOf(webhookEndpointSchema) } },
  'GET /api/webhook-endpoints/:id': { params: idParam, response: { 200: webhookEndpointSchema } },
  'PUT /api/webhook-endpoints/:id': {
    params: idParam,
    body: webhookEndpointUpdate,
    response: { 200: webhookEndpointSchema },
  },
  'DELETE /api/webhook-endpoints/:id': { params: idParam, response: { 200: webhookEndpointSchema } },
  'POST /api/webhook-endpoints/:id/roll-secret': {
    params: idParam,
    response: { 200: webhookEndpointWithSecretSchema },
  },
  'GET /api/webhook-endpoints/:id/deliveries': {
    params: idParam,
    querystring: pageQuery.extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() }),
    response: { 200: listOf(webhookDeliverySchema) },
  },
  'POST /api/webhook-deliveries/:id/resend': { params: idParam, response: { 200: webhookDeliverySchema } },
});
