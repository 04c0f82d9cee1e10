import { resourceMissing } from './errors.ts';
import { optionalString, stringList } from './params.ts';
import { listOf, type Route } from './router.ts';
import { newId, nowSeconds, type Origin, type Store } from './state.ts';

/** The event types the emulator sends; a webhook endpoint may subscribe to these or `*`. */
export const EVENT_TYPES = [
  'customer.created',
  'customer.updated',
  'payment_method.attached',
  'payment_method.detached',
  'payment_method.updated',
  'payment_intent.created',
  'payment_intent.requires_action',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.amount_capturable_updated',
  'payment_intent.processing',
  'charge.succeeded',
  'charge.failed',
  'charge.refunded',
  'refund.created',
  'setup_intent.created',
  'setup_intent.requires_action',
  'setup_intent.succeeded',
  'setup_intent.setup_failed',
  'setup_intent.canceled',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: object; previous_attributes?: object };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: EventType;
}

/** Records a change as Stripe does: the object as it is now, then delivery to the endpoints. */
export function recordEvent(
  store: Store,
  origin: Origin,
  type: EventType,
  object: object,
  previousAttributes?: object,
): StripeEvent {
  const event: StripeEvent = {
    id: newId('evt'),
    object: 'event',
    api_version: origin.apiVersion,
    created: nowSeconds(),
    data: {
      object: JSON.parse(JSON.stringify(object)),
      ...(previousAttributes ? { previous_attributes: JSON.parse(JSON.stringify(previousAttributes)) } : {}),
    },
    livemode: false,
    pending_webhooks: 0,
    request: { id: origin.requestId, idempotency_key: origin.idempotencyKey },
    type,
  };
  store.events.push(event);
  store.deliveries.enqueue(event);
  return event;
}

/** `payment_intent.*` matches every payment_intent event, `*` every event. */
export const typeMatches = (pattern: string, type: string) =>
  pattern === '*' || pattern === type || (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1)));

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/events',
    access: 'secret',
    params: ['limit', 'starting_after', 'ending_before', 'type', 'types', 'created', 'delivery_success'],
    handle(call, store) {
      const type = optionalString(call.params, 'type');
      const types = stringList(call.params, 'types');
      const chosen = store.events.filter(
        (event) =>
          (type === undefined || typeMatches(type, event.type)) &&
          (types === undefined || types.some((pattern) => typeMatches(pattern, event.type))),
      );
      return { json: listOf(chosen.reverse(), call) };
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id',
    access: 'secret',
    params: [],
    handle(call, store) {
      const id = call.pathParams.id ?? '';
      const event = store.events.find((candidate) => candidate.id === id);
      if (!event) throw resourceMissing('event', id);
      return { json: event };
    },
  },
];
