import { invalidRequest } from './errors.ts';
import type { Params } from './form.ts';
import { optionalInteger, optionalString } from './params.ts';
import { findObject, type Origin, type Store } from './state.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface ApiCall extends Origin {
  method: Method;
  path: string;
  params: Params;
  pathParams: Record<string, string>;
  /** null on the emulator's own pages, which take no key. */
  auth: { kind: 'secret' | 'publishable'; key: string } | null;
}

export type Reply =
  { status?: number; json: object } | { status?: number; html: string } | { status?: number; script: string };

export interface Route {
  method: Method;
  /** `/v1/payment_intents/:id/confirm` */
  path: string;
  /** secret: sk_test_ only; client: also pk_test_ with the object's client_secret; open: no key. */
  access: 'secret' | 'client' | 'open';
  /** The top-level parameters a secret-key call may send (`expand` always); others are refused. */
  params?: readonly string[];
  /** Stripe's parameters for this call that the emulator does not implement (unsupported.ts). */
  unsupported?: readonly string[];
  handle(call: ApiCall, store: Store): Reply;
}

export function matchRoute(routes: readonly Route[], method: string, path: string) {
  const parts = path.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    const pathParams: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith(':')) return segment === part;
      if (part === '') return false;
      pathParams[segment.slice(1)] = decodeURIComponent(part);
      return true;
    });
    if (matches) return { route, pathParams };
  }
  return undefined;
}

/** Stripe answers "Received unknown parameter" for a misspelt name: so do we, for server calls. */
export function refuseUnknownParams(route: Route, call: ApiCall) {
  if (!route.params || call.auth?.kind !== 'secret') return;
  for (const name of Object.keys(call.params)) {
    if (route.unsupported?.includes(name)) {
      throw invalidRequest(
        `${name} is a Stripe parameter the emulator does not implement (see docs/stripe-emulator.md).`,
        { param: name },
      );
    }
    if (name !== 'expand' && !route.params.includes(name)) {
      throw invalidRequest(`Received unknown parameter: ${name}`, { param: name, code: 'parameter_unknown' });
    }
  }
}

/** A publishable key reaches an intent only with its client secret, as Stripe.js does. */
export function checkClientSecret(call: ApiCall, object: { client_secret: string }) {
  if (call.auth?.kind !== 'publishable') return;
  const given = optionalString(call.params, 'client_secret');
  if (given === undefined) {
    throw invalidRequest('A client_secret is required to use a publishable key with this request.', {
      param: 'client_secret',
    });
  }
  if (given !== object.client_secret) {
    throw invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${
        'amount' in object ? 'PaymentIntent' : 'SetupIntent'
      }.`,
      { param: 'client_secret' },
    );
  }
}

/** Stripe's list object: newest first, `limit` (1–100, default 10), `starting_after` / `ending_before`. */
export function listOf<T extends { id: string }>(newestFirst: T[], call: ApiCall) {
  const limit = optionalInteger(call.params, 'limit', 1) ?? 10;
  if (limit > 100) throw invalidRequest('This value must be less than or equal to 100.', { param: 'limit' });
  const after = optionalString(call.params, 'starting_after');
  const before = optionalString(call.params, 'ending_before');
  const list = (data: T[], hasMore: boolean) => ({ object: 'list', data, has_more: hasMore, url: call.path });
  if (before !== undefined) {
    const end = indexOrThrow(newestFirst, before, 'ending_before');
    const start = Math.max(0, end - limit);
    return list(newestFirst.slice(start, end), start > 0);
  }
  const items =
    after === undefined
      ? newestFirst
      : newestFirst.slice(indexOrThrow(newestFirst, after, 'starting_after') + 1);
  return list(items.slice(0, limit), items.length > limit);
}

function indexOrThrow(items: { id: string }[], id: string, param: string) {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0)
    throw invalidRequest(`No such object: '${id}'`, { param, code: 'resource_missing', status: 404 });
  return index;
}

/**
 * `expand[]=latest_charge`, `expand[]=data.payment_method`, `expand[]=latest_charge.payment_method`:
 * each named id becomes its object. A path that names no id is left as it is (Stripe refuses it).
 */
export function expand(store: Store, body: object, paths: string[]): object {
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  for (const path of paths) {
    const segments = path.split('.');
    if (copy.object === 'list' && segments[0] === 'data' && Array.isArray(copy.data)) {
      for (const item of copy.data as Record<string, unknown>[]) expandPath(store, item, segments.slice(1));
    } else {
      expandPath(store, copy, segments);
    }
  }
  return copy;
}

function expandPath(store: Store, object: Record<string, unknown>, segments: string[]) {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  let value = object[head];
  if (typeof value === 'string') {
    const found = findObject(store, value);
    if (!found) return;
    value = object[head] = JSON.parse(JSON.stringify(found));
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    expandPath(store, value as Record<string, unknown>, rest);
  }
}
