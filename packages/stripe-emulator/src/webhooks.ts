import { invalidRequest, missingParam, resourceMissing } from './errors.ts';
import { EVENT_TYPES } from './events.ts';
import type { Params } from './form.ts';
import {
  mergeMetadata,
  type Metadata,
  optionalBoolean,
  optionalString,
  requiredString,
  stringList,
} from './params.ts';
import { listOf, type Route } from './router.ts';
import { newId, nowSeconds, randomBase62, type Store } from './state.ts';

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  /** Shown on create only, as Stripe does. */
  secret: string;
  status: 'enabled' | 'disabled';
  url: string;
}

/** The endpoint as Stripe shows it after its creation: without its signing secret. */
const shown = ({ secret: _secret, ...rest }: WebhookEndpoint) => rest;

function checkUrl(params: Params, required: boolean): string | undefined {
  const url = required ? requiredString(params, 'url') : optionalString(params, 'url');
  if (url === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw invalidRequest(`Invalid URL: ${url}. URLs must begin with http:// or https://`, { param: 'url' });
  }
  return url;
}

function checkEvents(params: Params, required: boolean): string[] | undefined {
  const events = stringList(params, 'enabled_events');
  if (events === undefined) {
    if (required) throw missingParam('enabled_events');
    return undefined;
  }
  for (const type of events) {
    // Stripe knows many more types; these are the ones this emulator sends, so a typo shows here.
    if (type !== '*' && !(EVENT_TYPES as readonly string[]).includes(type)) {
      throw invalidRequest(
        `Invalid enabled_events[]: ${type} is not an event type the emulator sends (${EVENT_TYPES.join(', ')}, *)`,
        {
          param: 'enabled_events',
        },
      );
    }
  }
  return events;
}

function find(store: Store, id: string) {
  const endpoint = store.webhookEndpoints.get(id);
  if (!endpoint) throw resourceMissing('webhook endpoint', id);
  return endpoint;
}

const fields = ['url', 'enabled_events', 'description', 'metadata', 'api_version', 'connect'];

export const webhookRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/webhook_endpoints',
    access: 'secret',
    params: fields,
    handle(call, store) {
      const endpoint: WebhookEndpoint = {
        id: newId('we'),
        object: 'webhook_endpoint',
        api_version: optionalString(call.params, 'api_version') ?? null,
        application: null,
        created: nowSeconds(),
        description: optionalString(call.params, 'description') ?? null,
        enabled_events: checkEvents(call.params, true) ?? [],
        livemode: false,
        metadata: mergeMetadata({}, call.params),
        secret: `whsec_${randomBase62(32)}`,
        status: 'enabled',
        url: checkUrl(call.params, true) ?? '',
      };
      store.webhookEndpoints.set(endpoint.id, endpoint);
      return { json: endpoint };
    },
  },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints',
    access: 'secret',
    params: ['limit', 'starting_after', 'ending_before'],
    handle: (call, store) => ({
      json: listOf([...store.webhookEndpoints.values()].reverse().map(shown), call),
    }),
  },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints/:id',
    access: 'secret',
    params: [],
    handle: (call, store) => ({ json: shown(find(store, call.pathParams.id ?? '')) }),
  },
  {
    method: 'POST',
    path: '/v1/webhook_endpoints/:id',
    access: 'secret',
    params: ['url', 'enabled_events', 'description', 'metadata', 'disabled'],
    handle(call, store) {
      const endpoint = find(store, call.pathParams.id ?? '');
      const url = checkUrl(call.params, false);
      const events = checkEvents(call.params, false);
      const disabled = optionalBoolean(call.params, 'disabled');
      endpoint.metadata = mergeMetadata(endpoint.metadata, call.params);
      if (url !== undefined) endpoint.url = url;
      if (events !== undefined) endpoint.enabled_events = events;
      const description = optionalString(call.params, 'description');
      if (description !== undefined) endpoint.description = description;
      if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
      if (endpoint.status === 'disabled') store.deliveries.forget(endpoint.id);
      return { json: shown(endpoint) };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/webhook_endpoints/:id',
    access: 'secret',
    params: [],
    handle(call, store) {
      const endpoint = find(store, call.pathParams.id ?? '');
      store.webhookEndpoints.delete(endpoint.id);
      store.deliveries.forget(endpoint.id);
      return { json: { id: endpoint.id, object: 'webhook_endpoint', deleted: true } };
    },
  },
];
