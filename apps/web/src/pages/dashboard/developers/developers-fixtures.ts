import type { EventRecord, WebhookDelivery, WebhookEndpoint } from '@kiosk/contracts';
import type { Role } from '@kiosk/core';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';

const CREATED = 1_764_316_800; // 2025-11-28 08:00 UTC

export function webhookEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'we_1',
    object: 'webhook_endpoint',
    livemode: false,
    url: 'https://shop.example.com/kiosk',
    enabled_events: ['invoice.paid', 'charge.*'],
    description: 'Order sync',
    disabled: false,
    failing_since: null,
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

export function webhookDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'whd_1',
    object: 'webhook_delivery',
    livemode: false,
    endpoint_id: 'we_1',
    event_id: 'evt_1',
    event_type: 'invoice.paid',
    status: 'succeeded',
    attempt: 1,
    http_status: 200,
    duration_ms: 42,
    response_excerpt: 'ok',
    error: null,
    next_retry_at: null,
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

export function eventRecord(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    id: 'evt_1',
    object: 'event',
    livemode: false,
    type: 'invoice.paid',
    object_type: 'invoice',
    object_id: 'in_1',
    data: { id: 'in_1', status: 'paid' },
    created_at: CREATED,
    ...overrides,
  };
}

/** A merchant (owner) signed in, and the routes a test gives; the rest answer 404. */
export function mockDevelopersApi(routes: Record<string, ApiHandler>, roles: Role[] = ['owner', 'member']) {
  return mockApi({ 'GET /api/session': () => signedIn(userWithRoles(roles)), ...routes });
}

export const failure = (
  status: number,
  code: string,
  error: string,
  details?: { path: string; message: string }[],
) => jsonResponse({ code, error, ...(details ? { details } : {}) }, status);

/** Narrow screens: every media query of the theme's `down(…)` kind matches. */
export const phoneMatchMedia = (query: string) => ({
  matches: true,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
