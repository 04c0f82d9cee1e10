import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice, PaymentIntent, Subscription, TestClockObject } from '@kiosk/contracts';
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
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

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

inDashboardTestMode();

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

const CLOCKS: TestClockObject[] = [
  {
    id: 'clock_1',
    object: 'test_helpers.test_clock',
    livemode: false,
    name: 'Renewals',
    frozen_time: 1_767_571_200,
    status: 'ready',
    created: 1_764_316_800,
  },
  // Unnamed: it goes by its id.
  {
    id: 'clock_2',
    object: 'test_helpers.test_clock',
    livemode: false,
    name: null,
    frozen_time: 1_767_571_200,
    status: 'ready',
    created: 1_764_316_800,
  },
];

/**
 * Test mode's API for cus_1 on `clock` and the clocks given: PUT moves the customer as the server
 * would (unless `put` answers otherwise), so the page shows the new clock only once it reads the
 * customer again.
 */
function mockClockApi(clock: string | null, clocks = CLOCKS, put?: ApiHandler) {
  let onClock = clock;
  return mockCustomerApi(
    {},
    {
      'GET /api/customers/cus_1': () => ({ ...ADA, test_clock: onClock, summary: { paid: {}, due: {} } }),
      'GET /api/test-clocks': () => ({ list: clocks, count: clocks.length }),
      'PUT /api/customers/cus_1/test-clock':
        put ??
        (({ body }) => {
          onClock = (body as { test_clock: string | null }).test_clock;
          return { ...ADA, test_clock: onClock };
        }),
    },
  );
}

/** The summary's Test clock value (its dd), once the page is there. */
async function testClockValue(): Promise<HTMLElement> {
  await pageHeading();
  return screen.getByText('Test clock', { selector: 'dt' }).nextElementSibling as HTMLElement;
}

/** Change → the dialog, once its select has the focus (a choice before that could go nowhere). */
async function openClockDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Change the test clock of Ada Lovelace' }));
  const dialog = await screen.findByRole('dialog', { name: 'Test clock of Ada Lovelace' });
  const select = within(dialog).getByRole('combobox', { name: 'Test clock' }) as HTMLSelectElement;
  await waitFor(() => expect(document.activeElement).toBe(select));
  return { dialog, select };
}

const optionLabels = (select: HTMLSelectElement) => [...select.options].map((option) => option.text);

describe('CustomerDetailPage: test clock', { timeout: 20_000 }, () => {
  it('shows the clock in test mode, and puts the customer on another one', async () => {
    const api = mockClockApi('clock_1');
    renderRoutesAt(PAGE, routes);
    const value = await testClockValue();
    const current = await within(value).findByRole('link', { name: 'Renewals' });
    expect(current.getAttribute('href')).toBe('/dashboard/developers/test-clocks');

    const { dialog, select } = await openClockDialog();
    expect(select.value).toBe('clock_1');
    expect(optionLabels(select)).toEqual(['No clock', 'Renewals', 'clock_2']);
    fireEvent.change(select, { target: { value: 'clock_2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(value).findByRole('link', { name: 'clock_2' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = api.calls('PUT /api/customers/cus_1/test-clock');
    expect(puts.map((call) => call.body)).toEqual([{ test_clock: 'clock_2' }]);
    expect(puts[0]!.url.searchParams.get('livemode')).toBe('false');
    expect(api.calls('GET /api/customers/cus_1')).toHaveLength(2);
  });

  it('takes the customer off its clock with No clock', async () => {
    const api = mockClockApi('clock_1');
    renderRoutesAt(PAGE, routes);
    const value = await testClockValue();
    await within(value).findByRole('link', { name: 'Renewals' });
    const { dialog, select } = await openClockDialog();
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(value).findByText('None')).toBeTruthy();
    expect(within(value).queryByRole('link')).toBeNull();
    expect(api.calls('PUT /api/customers/cus_1/test-clock').map((call) => call.body)).toEqual([
      { test_clock: null },
    ]);
  });

  it("says in the dialog why the server refuses while the customer's subscriptions are billed", async () => {
    const reason =
      'This customer has subscriptions being billed: put it on a test clock or take it off before they start';
    const api = mockClockApi(null, CLOCKS, () =>
      jsonResponse({ code: 'CUSTOMER_HAS_SUBSCRIPTIONS', error: reason }, 409),
    );
    renderRoutesAt(PAGE, routes);
    const value = await testClockValue();
    expect(within(value).getByText('None')).toBeTruthy();
    const { dialog, select } = await openClockDialog();
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'clock_1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The test clock could not be changed');
    expect(alert.textContent).toContain(reason);
    expect(screen.getByRole('dialog', { name: 'Test clock of Ada Lovelace' })).toBe(dialog);
    expect(select.value).toBe('clock_1');
    expect(api.calls('PUT /api/customers/cus_1/test-clock')).toHaveLength(1);
    // Nothing changed, so nothing is read again.
    expect(api.calls('GET /api/customers/cus_1')).toHaveLength(1);
    expect(within(value).getByText('None')).toBeTruthy();
  });

  it('keeps the select disabled while the clocks load, and says when there is none', async () => {
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    mockCustomerApi(
      {},
      {
        'GET /api/test-clocks': async () => {
          await loaded;
          return { list: [], count: 0 };
        },
      },
    );
    renderRoutesAt(PAGE, routes);
    const value = await testClockValue();
    expect(within(value).getByText('None')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change the test clock of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test clock of Ada Lovelace' });
    const select = within(dialog).getByRole('combobox', { name: 'Test clock' }) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(within(dialog).queryByText('There is no test clock yet.')).toBeNull();

    release();
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(optionLabels(select)).toEqual(['No clock']);
    expect(within(dialog).getByText(/There is no test clock yet\./)).toBeTruthy();
    const make = within(dialog).getByRole('link', { name: 'Make one on the Test clocks page' });
    expect(make.getAttribute('href')).toBe('/dashboard/developers/test-clocks');
  });

  it('shows no test clock in live mode, and asks for no clock', async () => {
    window.localStorage.setItem('livemode', 'true');
    const api = mockClockApi('clock_1');
    renderRoutesAt(PAGE, routes);
    expect(await pageHeading()).toBe('Ada Lovelace');
    // The page is all there: its sections have answered.
    expect(await screen.findByText('This customer has no invoice yet.')).toBeTruthy();
    expect(screen.queryByText('Test clock', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('button', { name: /test clock/i })).toBeNull();
    expect(api.calls('GET /api/customers/cus_1')[0]!.url.searchParams.get('livemode')).toBe('true');
    expect(api.requests.filter((request) => request.url.pathname.includes('test-clock'))).toEqual([]);
  });
});
