/**
 * The rules of a webhook endpoint's fields as plain checks, without the schema library: the contract
 * (webhook-endpoints.ts) builds its schema on them, and a page checks a form with them before
 * sending it (browser bundles carry no schema library).
 */

/** `*` (every event), a type (`invoice.paid`) or a group (`charge.*`), as Stripe's `enabled_events`. */
export const WEBHOOK_EVENT_PATTERN = /^(\*|[a-z_]+(\.[a-z_]+)*(\.\*)?)$/;
export const WEBHOOK_EVENT_PATTERN_MAX = 100;

export const isWebhookEventPattern = (value: string): boolean =>
  value.length <= WEBHOOK_EVENT_PATTERN_MAX && WEBHOOK_EVENT_PATTERN.test(value);
