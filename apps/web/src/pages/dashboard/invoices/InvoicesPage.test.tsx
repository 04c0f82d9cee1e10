import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@kiosk/react/testing';
import { createKioskI18n } from '@kiosk/react/i18n';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { invoice, mockInvoicesApi, NOW, type MerchantInvoices } from './invoice-fixtures.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

/** Open and recorded with its buyer; void and recorded with nobody; one live. */
function invoices(): MerchantInvoices {
  return {
    list: [
      invoice({
        id: 'in_open',
        number: 'KSK-20260110-OPEN01',
        status: 'open',
        amount_due: '2500000',
        amount_paid: '0',
        amount_remaining: '2500000',
        total: '2500000',
        customer_name: 'Ada Lovelace',
        customer_email: 'ada@example.com',
        created_at: NOW,
      }),
      invoice({
        id: 'in_void',
        number: 'KSK-20260101-VOID01',
        status: 'void',
        billing_reason: 'manual',
        amount_paid: '0',
      }),
      invoice({ id: 'in_live', number: 'KSK-LIVE', livemode: true, customer_id: 'cus_live' }),
    ],
    events: [],
  };
}

async function table() {
  await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 10_000 });
  return screen.findByRole('table', { name: 'Invoices' });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

inDashboardTestMode();

describe('InvoicesPage', { timeout: 20_000 }, () => {
  it("lists the mode's invoices: number, customer as recorded, amounts, status, reason and date", async () => {
    const api = mockInvoicesApi(invoices());
    renderRoutesAt('/dashboard/invoices', routes);
    const list = await table();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Number',
      'Customer',
      'Amount due',
      'Paid',
      'Status',
      'Billing reason',
      'Created',
    ]);

    const open = await rowOf('KSK-20260110-OPEN01');
    // The buyer as the invoice recorded them, not as the customer reads now.
    expect(within(open).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(open).getByText('ada@example.com')).toBeTruthy();
    expect(within(open).getByText('2.5 KDT')).toBeTruthy();
    expect(within(open).getByText('0 KDT')).toBeTruthy();
    expect(within(open).getByText('Open').closest('.MuiChip-colorSecondary')).toBeTruthy();
    expect(within(open).getByText('Subscription renewal')).toBeTruthy();
    expect(within(open).getByText(formatUnixTime(NOW, 'en'))).toBeTruthy();

    // An invoice that recorded nobody names the customer as they are now; a void one's amount is struck.
    const voided = await rowOf('KSK-20260101-VOID01');
    expect(await within(voided).findByText('Ada Byron')).toBeTruthy();
    expect(within(voided).getByTestId('void-amount').textContent).toBe('1 KDT');
    expect(within(voided).getByText('Manual invoice')).toBeTruthy();
    expect(screen.queryByText('KSK-LIVE')).toBeNull();

    const asked = api.calls('GET /api/invoices')[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      livemode: 'false',
      page: '1',
      pageSize: '10',
      ignore_zero: 'true',
    });
    expect(asked.has('status')).toBe(false);
    expect(api.calls('GET /api/customers/cus_1')).toHaveLength(1);
  });

  it('filters by status: the filter is sent, kept in the address, and an empty result says so', async () => {
    const api = mockInvoicesApi(invoices());
    const { router } = renderRoutesAt('/dashboard/invoices', routes);
    await table();
    await screen.findByText('KSK-20260110-OPEN01');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'void' } });
    await waitFor(() => expect(screen.queryByText('KSK-20260110-OPEN01')).toBeNull());
    expect(screen.getByText('KSK-20260101-VOID01')).toBeTruthy();
    expect(api.calls('GET /api/invoices').at(-1)!.url.searchParams.get('status')).toBe('void');
    expect(router.state.location.search).toBe('?status=void');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'paid' } });
    expect(await screen.findByText('No invoices with the status “Paid”.')).toBeTruthy();
  });

  it('switches to live: live rows only, asked in live mode', async () => {
    const api = mockInvoicesApi(invoices());
    renderRoutesAt('/dashboard/invoices', routes);
    await table();
    await screen.findByText('KSK-20260110-OPEN01');

    fireEvent.click(screen.getByRole('switch', { name: 'Test mode' }));
    const live = await rowOf('KSK-LIVE');
    expect(await within(live).findByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByText('KSK-20260110-OPEN01')).toBeNull();
    expect(api.calls('GET /api/invoices').at(-1)!.url.searchParams.get('livemode')).toBe('true');
  });

  it('says when a mode has no invoices, and offers a retry when the list fails', async () => {
    let fail = true;
    mockInvoicesApi(
      { list: [], events: [] },
      {
        'GET /api/invoices': () =>
          fail
            ? jsonResponse({ code: 'INTERNAL', error: 'Sorry, something went wrong.' }, 500)
            : { list: [], count: 0, subscription: null },
      },
    );
    renderRoutesAt('/dashboard/invoices', routes);
    await table();
    expect(
      await screen.findByText(/The data could not be loaded\. Sorry, something went wrong\./),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^No test invoices yet\./)).toBeTruthy();
  });

  it("opens an invoice's page from its row", async () => {
    mockInvoicesApi(invoices());
    const { router } = renderRoutesAt('/dashboard/invoices', routes);
    await table();
    fireEvent.click(await rowOf('KSK-20260110-OPEN01'));
    expect(router.state.location.pathname).toBe('/dashboard/invoices/in_open');
  });

  it('reads in Chinese', async () => {
    mockInvoicesApi(invoices());
    renderRoutesAt('/dashboard/invoices', routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '账单' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: '应付金额' })).toBeTruthy();
  });
});
