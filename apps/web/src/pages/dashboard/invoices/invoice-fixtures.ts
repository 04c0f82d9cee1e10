import type { EventRecord, Invoice, ListedInvoice } from '@kiosk/contracts';
import { customer, jsonResponse, mockApi, paymentMethod, type ApiHandler } from '@kiosk/react/testing';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';
import { invoice, NOW, subscription } from '../../customer/portal-test-fixtures.ts';

export { invoice, NOW, subscription };

/** An event of the invoice, carrying it as it stood. */
export function invoiceEvent(id: string, type: string, of: Invoice, at: number): EventRecord {
  return {
    id,
    object: 'event',
    livemode: of.livemode,
    type,
    object_type: 'invoice',
    object_id: of.id,
    data: of as unknown as Record<string, unknown>,
    created_at: at,
  };
}

/** An invoice as the list answers it: with the currency it is in (KDT, 6 decimals). */
export function listed(of: Invoice): ListedInvoice {
  const kdt = paymentMethod({ livemode: of.livemode }).payment_currencies[0]!;
  return { ...of, paymentCurrency: kdt, paymentMethod: null, subscription: null };
}

export interface MerchantInvoices {
  /** Newest first, as the API lists them; both modes. */
  list: Invoice[];
  /** Newest first. */
  events: EventRecord[];
}

/**
 * The merchant API over some invoices, as the server keeps them: each mode answers its own, a status
 * filter is applied, and void and mark-uncollectible change the invoice they name and record their
 * event (the server's rules are its own tests'). `routes` answer instead where a test needs another
 * answer (a refusal).
 */
export function mockInvoicesApi(data: MerchantInvoices, routes: Record<string, ApiHandler> = {}) {
  const livemodeOf = (url: URL) => url.searchParams.get('livemode') !== 'false';
  const find = (url: URL) => {
    const id = url.pathname.split('/')[3]!;
    return data.list.find((i) => i.id === id && i.livemode === livemodeOf(url));
  };
  const close = (url: URL, status: 'void' | 'uncollectible', type: string, stamp: string) => {
    const found = find(url)!;
    Object.assign(found, {
      status,
      next_payment_attempt: null,
      status_transitions: { ...found.status_transitions, [stamp]: NOW },
    });
    data.events.unshift(invoiceEvent(`evt_${data.events.length + 1}`, type, { ...found }, NOW));
    return found;
  };
  const perInvoice: Record<string, ApiHandler> = {};
  for (const { id } of data.list) {
    perInvoice[`GET /api/invoices/${id}`] = ({ url }) =>
      find(url) ?? jsonResponse({ code: 'INVOICE_NOT_FOUND', error: 'Invoice not found' }, 404);
    perInvoice[`PUT /api/invoices/${id}/void`] = ({ url }) =>
      close(url, 'void', 'invoice.voided', 'voided_at');
    perInvoice[`PUT /api/invoices/${id}/mark-uncollectible`] = ({ url }) =>
      close(url, 'uncollectible', 'invoice.marked_uncollectible', 'marked_uncollectible_at');
  }
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
    'GET /api/payment-methods': ({ url }) => ({
      list: [paymentMethod({ livemode: livemodeOf(url) })],
      count: 1,
    }),
    'GET /api/invoices': ({ url }) => {
      const statuses = url.searchParams.get('status')?.split(',');
      const list = data.list.filter(
        (i) => i.livemode === livemodeOf(url) && (!statuses || statuses.includes(i.status)),
      );
      return { list: list.map(listed), count: list.length, subscription: null };
    },
    'GET /api/customers/cus_1': () => customer({ name: 'Ada Byron', email: 'ada.now@example.com' }),
    'GET /api/customers/cus_live': () =>
      customer({ id: 'cus_live', livemode: true, name: 'Grace Hopper', email: 'grace@example.com' }),
    'GET /api/events': () => ({ list: data.events, count: data.events.length }),
    // The fixture invoices' subscription: one item of the Pro plan's monthly price.
    'GET /api/subscriptions/sub_1': () => subscription(),
    ...perInvoice,
    ...routes,
  });
}
