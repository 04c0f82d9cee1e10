import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, PaymentIntent, Subscription } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import {
  customer,
  jsonResponse,
  mockApi,
  paymentIntent,
  paymentMethod,
  type ApiHandler,
} from '@kiosk/react/testing';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';
import { invoice, ofProduct, subscription } from '../../customer/portal-test-fixtures.ts';

const PAGE = '/dashboard/customers/cus_1';
const ADA = customer({
  phone: '+86 138 0013 8000',
  address: { line1: '1 Century Avenue', city: 'Shanghai', postal_code: '200120', country: 'CN' },
});
const KDT_CURRENCY = paymentMethod().payment_currencies[0]!;
const OVERDUE_INVOICE = invoice({
  id: 'in_overdue',
  number: 'KSK-OVERDUE',
  status: 'uncollectible',
  amount_paid: '0',
  amount_remaining: '1000000',
});

interface Records {
  payments?: PaymentIntent[];
  subscriptions?: Subscription[];
  invoices?: Invoice[];
  overdue?: Invoice[];
}

/** The merchant API for customer cus_1 of test mode, with the records given (none by default). */
function mockCustomerApi(
  { payments = [], subscriptions = [], invoices = [], overdue = [] }: Records = {},
  routes: Record<string, ApiHandler> = {},
) {
  const page = <T,>(list: T[]) => ({ list, count: list.length });
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
    'GET /api/payment-methods': () => page([paymentMethod()]),
    'GET /api/customers/cus_1': () => ({
      ...ADA,
      summary: { paid: { pc_kdt: '3000000' }, due: { pc_kdt: overdue.length > 0 ? '1000000' : '0' } },
    }),
    'GET /api/customers/cus_1/overdue/invoices': () => ({
      customer: ADA,
      invoices: overdue,
      subscriptionCount: overdue.length > 0 ? 1 : 0,
      summary:
        overdue.length > 0
          ? { pc_kdt: { amount: '1000000', currency: KDT_CURRENCY, method: paymentMethod() } }
          : {},
    }),
    'GET /api/payment-intents': () => page(payments),
    'GET /api/subscriptions': () => page(subscriptions),
    'GET /api/invoices': () => ({
      ...page(
        invoices.map((i) => ({ ...i, paymentCurrency: null, paymentMethod: null, subscription: null })),
      ),
      subscription: null,
    }),
    ...routes,
  });
}

async function pageHeading(): Promise<string | null> {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent;
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  window.localStorage.setItem('livemode', 'false');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('CustomerDetailPage', { timeout: 20_000 }, () => {
  it('shows who the customer is, what they paid and owe, and their payments, subscriptions and invoices', async () => {
    const api = mockCustomerApi({
      payments: [paymentIntent({ id: 'pi_paid', status: 'succeeded', amount: '25000000' })],
      subscriptions: [subscription({ id: 'sub_pro', ...ofProduct('Kiosk Pro') })],
      invoices: [
        invoice({ id: 'in_paid', number: 'KSK-20260101-AB12CD', total: '1000000' }),
        OVERDUE_INVOICE,
      ],
      overdue: [OVERDUE_INVOICE],
    });
    renderRoutesAt(PAGE, routes);
    expect(await pageHeading()).toBe('Ada Lovelace');
    for (const text of [
      'ada@example.com',
      '+86 138 0013 8000',
      '1 Century Avenue, Shanghai, 200120, CN',
      ADA.did,
      formatUnixTime(ADA.created_at, 'en'),
    ])
      expect(screen.getByText(text)).toBeTruthy();

    const balance = section('Paid and owed');
    expect(await within(balance).findByText('3 KDT')).toBeTruthy();
    expect(within(balance).getAllByText('1 KDT')).toHaveLength(2); // owed, and all of it overdue
    expect(within(balance).getByText(/Overdue invoices: 1, on 1 subscription/)).toBeTruthy();

    const payments = section('Payments');
    const payment = await within(payments).findByRole('link', { name: '25 KDT' });
    expect(payment.getAttribute('href')).toBe('/dashboard/payments/pi_paid');
    expect(within(payments).getByText('Succeeded')).toBeTruthy();
    const subscriptions = section('Subscriptions');
    const plan = await within(subscriptions).findByRole('link', { name: /Kiosk Pro/ });
    expect(plan.getAttribute('href')).toBe('/dashboard/subscriptions/sub_pro');
    expect(within(subscriptions).getByText('Active')).toBeTruthy();
    const invoices = section('Invoices');
    const paid = await within(invoices).findByRole('link', { name: 'KSK-20260101-AB12CD' });
    expect(paid.getAttribute('href')).toBe('/dashboard/invoices/in_paid');
    expect(within(invoices).getByText('Uncollectible')).toBeTruthy();

    // Every record is asked for this customer, in the mode shown.
    expect(api.calls('GET /api/customers/cus_1')[0]!.url.searchParams.get('summary')).toBe('true');
    for (const route of [
      'GET /api/customers/cus_1',
      'GET /api/customers/cus_1/overdue/invoices',
      'GET /api/payment-intents',
      'GET /api/subscriptions',
      'GET /api/invoices',
    ]) {
      const asked = api.calls(route)[0]!.url.searchParams;
      expect(asked.get('livemode'), route).toBe('false');
      if (!route.startsWith('GET /api/customers')) expect(asked.get('customer_id'), route).toBe('cus_1');
    }
  });

  it('leads from a section with more than it shows to the whole list, narrowed to the customer', async () => {
    mockCustomerApi(
      {},
      {
        'GET /api/payment-intents': () => ({
          list: [paymentIntent({ id: 'pi_latest', status: 'succeeded', amount: '25000000' })],
          count: 12,
        }),
      },
    );
    renderRoutesAt(PAGE, routes);
    expect(await pageHeading()).toBe('Ada Lovelace');
    const all = await within(section('Payments')).findByRole('link', { name: 'See all 12 payments' });
    expect(all.getAttribute('href')).toBe('/dashboard/payments?customer=cus_1');
    // A section that shows all it has offers no such link.
    expect(within(section('Invoices')).queryByRole('link', { name: /^See all/ })).toBeNull();
  });

  it('says when the customer has no payments, subscriptions or invoices, and owes nothing, in Chinese too', async () => {
    mockCustomerApi();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await pageHeading()).toBe('Ada Lovelace');
    expect(await screen.findByText('该客户还没有付款。')).toBeTruthy();
    expect(await screen.findByText('该客户没有订阅。')).toBeTruthy();
    expect(await screen.findByText('该客户还没有账单。')).toBeTruthy();
    expect(await screen.findByText('没有逾期款项。')).toBeTruthy();
    expect(within(section('已付与欠款')).getAllByText('无')).toHaveLength(2); // owed and overdue
  });

  it("says a customer is not found in this mode, and asks for no customer's records", async () => {
    const api = mockCustomerApi(
      {},
      {
        'GET /api/customers/cus_1': () =>
          jsonResponse({ code: 'CUSTOMER_NOT_FOUND', error: 'Customer not found' }, 404),
      },
    );
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('Customer not found', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      screen.getByText(/There is no test customer cus_1\. If it is a live customer, turn off Test mode\./),
    ).toBeTruthy();
    // The way back, beside the dashboard's own Customers section.
    const back = screen.getAllByRole('link', { name: 'Customers' }).find((link) => !link.closest('nav'));
    expect(back?.getAttribute('href')).toBe('/dashboard/customers');
    expect(api.calls('GET /api/payment-intents')).toHaveLength(0);
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockCustomerApi(
      {},
      {
        'GET /api/customers/cus_1': () =>
          fail
            ? jsonResponse({ code: 'INTERNAL', error: 'Sorry, something went wrong.' }, 500)
            : { ...ADA, summary: { paid: {}, due: {} } },
      },
    );
    renderRoutesAt(PAGE, routes);
    expect(
      await screen.findByText('The customer could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('shows a section that failed with its own retry, the rest of the page still there', async () => {
    let fail = true;
    mockCustomerApi(
      {},
      {
        'GET /api/invoices': () =>
          fail
            ? jsonResponse({ code: 'INTERNAL', error: 'Sorry' }, 500)
            : { list: [], count: 0, subscription: null },
      },
    );
    renderRoutesAt(PAGE, routes);
    await pageHeading();
    const invoices = section('Invoices');
    expect(await within(invoices).findByText('The invoices could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('This customer has made no payment yet.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(invoices).getByRole('button', { name: 'Retry' }));
    expect(await within(invoices).findByText('This customer has no invoice yet.')).toBeTruthy();
  });
});
