import type { WebhookDelivery, WebhookEndpoint } from '@kiosk/contracts';
import { z } from 'zod';
import { JsonColumn } from '../json-column.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './table.ts';

export const enabledEventsColumn = new JsonColumn(
  z.array(z.string()),
  [],
  'webhook_endpoints.enabled_events',
);

/** An endpoint as the API shows it: never its secret. */
export function endpointView(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    object: 'webhook_endpoint',
    livemode: Boolean(row.livemode),
    url: row.url,
    enabled_events: enabledEventsColumn.read(row.enabled_events),
    description: row.description,
    disabled: Boolean(row.disabled),
    failing_since: row.failing_since === null ? null : Number(row.failing_since),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export function deliveryView(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    object: 'webhook_delivery',
    livemode: Boolean(row.livemode),
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempt: Number(row.attempt),
    http_status: row.http_status,
    duration_ms: row.duration_ms,
    response_excerpt: row.response_excerpt,
    error: row.error,
    next_retry_at: row.next_retry_at === null ? null : Number(row.next_retry_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
