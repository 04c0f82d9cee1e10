import type { EventRow } from '../events/table.ts';

/** Where Kiosk POSTs the events of one mode; `secret` signs them and is never listed. Times: unix s. */
export interface WebhookEndpointRow {
  id: string;
  livemode: number | boolean;
  url: string;
  /** JSON: the types, groups (`charge.*`) and `*` it hears. */
  enabled_events: string;
  description: string | null;
  disabled: number | boolean;
  secret: string;
  failing_since: number | null;
  /** When it was created or last enabled again: it hears the events from then on. */
  enabled_at: number;
  created_at: number;
  updated_at: number;
}

/** One event to one endpoint: its latest attempt, and the next one's time while it is pending. */
export interface WebhookDeliveryRow {
  id: string;
  livemode: number | boolean;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt: number;
  http_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_retry_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The tables webhooks read and write; the outbox's events carry their mark of being fanned out. */
export interface WebhookTables {
  webhook_endpoints: WebhookEndpointRow;
  webhook_deliveries: WebhookDeliveryRow;
  events: EventRow & { webhooked_at: number | null };
}
