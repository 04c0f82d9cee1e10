import type { EventRecord, Invoice, Subscription } from '@kiosk/contracts';
import { customer, jsonResponse, mockApi, paymentMethod, type ApiHandler } from '@kiosk/react/testing';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';
import { invoice, NOW, subscription } from '../../customer/portal-test-fixtures.ts';

export { invoice, NOW, subscription };

/** An event of the subscription, carrying it as it stood. */
export function subscriptionEvent(id: string, type: string, of: Subscription, at: number): EventRecord {
  return {
    id,
    object: 'event',
    livemode: of.livemode,
    type,
    object_type: 'subscription',
    object_id: of.id,
    data: of as unknown as Record<string, unknown>,
    created_at: at,
  };
}

export interface MerchantSubscriptions {
  /** Newest first, as the API lists them. */
  list: Subscription[];
  invoices: Invoice[];
  /** Newest first. */
  events: EventRecord[];
}

/**
 * The merchant API over some subscriptions, as the server keeps them: each mode answers its own, a
 * status filter is applied, and pause, resume, cancel and recover change the subscription they name (the server's
 * rules are its own tests'). `routes` answer instead where a test needs another answer (a refusal).
 */
export function mockSubscriptionsApi(data: MerchantSubscriptions, routes: Record<string, ApiHandler> = {}) {
  const livemodeOf = (url: URL) => url.searchParams.get('livemode') !== 'false';
  const find = (url: URL) => {
    const id = url.pathname.split('/')[3]!;
    return data.list.find((s) => s.id === id && s.livemode === livemodeOf(url));
  };
  const change = (url: URL, set: Partial<Subscription>) => {
    const found = find(url)!;
    Object.assign(found, set);
    return found;
  };
  const perSubscription: Record<string, ApiHandler> = {};
  for (const { id } of data.list) {
    perSubscription[`GET /api/subscriptions/${id}`] = ({ url }) =>
      find(url) ?? jsonResponse({ code: 'SUBSCRIPTION_NOT_FOUND', error: 'Subscription not found' }, 404);
    perSubscription[`PUT /api/subscriptions/${id}/pause`] = ({ url }) => change(url, { status: 'paused' });
    perSubscription[`PUT /api/subscriptions/${id}/resume`] = ({ url }) => change(url, { status: 'active' });
    perSubscription[`PUT /api/subscriptions/${id}/recover`] = ({ url }) =>
      change(url, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    // The slash is under way: the chain moves it next (docs/staking.md).
    perSubscription[`PUT /api/subscriptions/${id}/slash-stake`] = ({ url, body }) => {
      const { stake } = find(url)!;
      const details = {
        ...stake!.details,
        slash_invoice_id: 'in_slash',
        slash_reason: (body as { reason: string }).reason,
      };
      return jsonResponse(change(url, { stake: { ...stake!, details } }), 202);
    };
    perSubscription[`PUT /api/subscriptions/${id}/cancel`] = ({ url, body }) => {
      const { at } = body as { at: 'now' | 'current_period_end' };
      const current = find(url)!;
      const requested = { cancelation_details: { requested_by: 'merchant' } };
      return at === 'now'
        ? change(url, { ...requested, status: 'canceled', ended_at: NOW, canceled_at: NOW })
        : change(url, {
            ...requested,
            cancel_at_period_end: true,
            cancel_at: current.current_period_end,
            canceled_at: NOW,
          });
    };
  }
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
    'GET /api/payment-methods': ({ url }) => ({
      list: [paymentMethod({ livemode: livemodeOf(url) })],
      count: 1,
    }),
    'GET /api/subscriptions': ({ url }) => {
      const status = url.searchParams.get('status');
      const list = data.list.filter(
        (s) => s.livemode === livemodeOf(url) && (!status || s.status === status),
      );
      return { list, count: list.length };
    },
    'GET /api/customers/cus_1': () => customer({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    'GET /api/customers/cus_live': () =>
      customer({ id: 'cus_live', livemode: true, name: 'Grace Hopper', email: 'grace@example.com' }),
    'GET /api/invoices': () => ({
      list: data.invoices.map((listed) => ({
        ...listed,
        paymentCurrency: null,
        paymentMethod: null,
        subscription: null,
      })),
      count: data.invoices.length,
      subscription: null,
    }),
    'GET /api/events': () => ({ list: data.events, count: data.events.length }),
    ...perSubscription,
    ...routes,
  });
}
