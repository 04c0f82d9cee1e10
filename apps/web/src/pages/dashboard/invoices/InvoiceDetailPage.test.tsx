import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { checkoutSession, jsonResponse, line, price } from '@kiosk/react/testing';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { invoice, invoiceEvent, mockInvoicesApi, NOW, type MerchantInvoices } from './invoice-fixtures.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

const DAY = 86_400;

/** A subscription's renewal, open and being collected, recorded with its buyer as they were. */
function openRenewal(): MerchantInvoices {
  const open = invoice({
    id: 'in_1',
    number: 'KSK-20260110-AB12CD',
    status: 'open',
    amount_paid: '0',
    amount_remaining: '1000000',
    payment_intent_id: 'pi_9',
    status_transitions: {},
    attempt_count: 1,
    next_payment_attempt: NOW + DAY,
    last_payment_error: { code: 'INSUFFICIENT_ALLOWANCE' },
    lines: [{ price_id: 'price_monthly', quantity: 2, amount: '1000000', description: 'Pro plan, monthly' }],
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
    customer_phone: '+44 20 7946 0000',
    customer_address: { line1: '12 St James’s Square', city: 'London', country: 'GB' },
  });
  return {
    list: [open],
    events: [
      invoiceEvent('evt_2', 'invoice.payment_failed', open, NOW - 60),
      invoiceEvent('evt_1', 'invoice.created', open, NOW - 120),
    ],
  };
}

async function pageHeading(name?: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}

/** The value a summary row shows beside its label. */
function fact(label: string): string | null | undefined {
  const term = screen.getAllByRole('term').find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent;
}

const section = (name: string) => screen.getByRole('region', { name });

inDashboardTestMode();

describe('InvoiceDetailPage', { timeout: 20_000 }, () => {
  it('shows the summary, the items, the customer as the invoice recorded them, the links and the timeline', async () => {
    const api = mockInvoicesApi(openRenewal());
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('Invoice KSK-20260110-AB12CD');
    expect(screen.getByText('Open', { selector: '.MuiChip-label' })).toBeTruthy();
    expect([fact('Total'), fact('Amount due'), fact('Amount paid'), fact('Remaining')]).toEqual([
      '1 KDT',
      '1 KDT',
      '0 KDT',
      '1 KDT',
    ]);
    expect(fact('Currency')).toBe('KDT');
    expect(fact('Billing reason')).toBe('Subscription renewal');
    expect(fact('Next collection attempt')).toBe(formatUnixTime(NOW + DAY, 'en'));
    expect(fact('Collection attempts')).toBe('1');
    expect(fact('Billing period')).toContain(' – ');
    expect(screen.getByRole('link', { name: 'pi_9' }).getAttribute('href')).toBe('/dashboard/payments/pi_9');
    expect(screen.getByRole('link', { name: 'sub_1' }).getAttribute('href')).toBe(
      '/dashboard/subscriptions/sub_1',
    );

    // Named by the subscription's item of the same price (its product), not the stored nickname.
    const items = section('Items');
    expect(await within(items).findByText('Pro plan')).toBeTruthy();
    expect(within(items).getByText('Quantity 2 · price_monthly')).toBeTruthy();
    expect(within(items).getByText('1 KDT')).toBeTruthy();

    // As recorded when the invoice was made, not the customer's later details (Ada Byron).
    const customer = section('Customer');
    expect(within(customer).getByText('As the invoice recorded them when it was made.')).toBeTruthy();
    expect(within(customer).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(customer).getByText('ada@example.com')).toBeTruthy();
    expect(within(customer).getByText('+44 20 7946 0000')).toBeTruthy();
    expect(within(customer).getByText('12 St James’s Square, London, GB')).toBeTruthy();
    expect(within(customer).queryByText('Ada Byron')).toBeNull();
    expect(within(customer).getByRole('link', { name: 'cus_1' }).getAttribute('href')).toBe(
      '/dashboard/customers/cus_1',
    );

    const timeline = await within(section('Events')).findByRole('list', { name: 'Events of invoice in_1' });
    const titles = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild?.firstElementChild?.textContent);
    expect(titles).toEqual(['Invoice created', 'Payment failed']);
    const asked = api.calls('GET /api/events')[0]!.url.searchParams;
    expect([asked.get('object_id'), asked.get('livemode')]).toEqual(['in_1', 'false']);
  });

  it("names a subscription's line by its stored nickname once the subscription no longer bills that price", async () => {
    const data = openRenewal();
    data.list[0] = invoice({
      id: 'in_1',
      lines: [{ price_id: 'price_old', quantity: 1, amount: '500000', description: 'Starter, monthly' }],
    });
    mockInvoicesApi(data);
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('Invoice KSK-20260101-AB12CD');
    const items = section('Items');
    expect(await within(items).findByText('Starter, monthly')).toBeTruthy();
    expect(within(items).getByText('Quantity 1 · price_old')).toBeTruthy();
    expect(within(items).getByText('0.5 KDT')).toBeTruthy();
  });

  it("names a checkout's lines by its session", async () => {
    const kdt = price({ id: 'price_tee', name: 'Kiosk T-shirt', unit_amount: '25000000' });
    const data = openRenewal();
    data.list[0] = invoice({
      id: 'in_1',
      subscription_id: null,
      checkout_session_id: 'cs_1',
      billing_reason: 'manual',
      lines: [{ price_id: 'price_tee', quantity: 2, cross_sell: false }],
    });
    mockInvoicesApi(data, {
      'GET /api/checkout-sessions/cs_1': () =>
        checkoutSession({ id: 'cs_1', line_items: [line(kdt, { quantity: 2 })] }),
    });
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('Invoice KSK-20260101-AB12CD');
    const items = section('Items');
    expect(await within(items).findByText('Kiosk T-shirt')).toBeTruthy();
    expect(within(items).getByText('50 KDT')).toBeTruthy();
    // A checkout's invoice follows its session: the server refuses to void it, so nothing is offered.
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('voids an open invoice: asks first, sends the call, and shows the new status', async () => {
    const api = mockInvoicesApi(openRenewal());
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('Invoice KSK-20260110-AB12CD');
    expect(screen.getByRole('button', { name: 'Mark uncollectible' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this invoice?' });
    expect(within(dialog).getByText(/invoice KSK-20260110-AB12CD/)).toBeTruthy();
    expect(api.calls('PUT /api/invoices/in_1/void')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));

    expect(await screen.findByText('The invoice is void: nothing is owed on it any more.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [sent] = api.calls('PUT /api/invoices/in_1/void');
    expect(sent!.url.searchParams.get('livemode')).toBe('false');
    expect(screen.getByText('Void', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(fact('Voided on')).toBe(formatUnixTime(NOW, 'en'));
    // Void is final: no action is left to offer.
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark uncollectible' })).toBeNull();
    expect(await within(section('Events')).findByText('Invoice voided')).toBeTruthy();
  });

  it('marks an open invoice uncollectible, after which only Void is offered', async () => {
    const api = mockInvoicesApi(openRenewal());
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('Invoice KSK-20260110-AB12CD');
    fireEvent.click(screen.getByRole('button', { name: 'Mark uncollectible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this invoice uncollectible?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark uncollectible' }));
    expect(await screen.findByText(/The invoice is marked uncollectible/)).toBeTruthy();
    expect(api.calls('PUT /api/invoices/in_1/mark-uncollectible')).toHaveLength(1);
    expect(screen.getByText('Uncollectible', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Void' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark uncollectible' })).toBeNull();
  });

  it('offers no action on a paid invoice', async () => {
    const data = openRenewal();
    data.list[0] = invoice({ id: 'in_1', status: 'paid' });
    mockInvoicesApi(data);
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('Invoice KSK-20260101-AB12CD');
    expect(screen.getByText('Paid', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(fact('Paid on')).toBe(formatUnixTime(NOW - 9 * DAY, 'en'));
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark uncollectible' })).toBeNull();
  });

  it("says the server's refusal in the dialog and keeps it open", async () => {
    mockInvoicesApi(openRenewal(), {
      'PUT /api/invoices/in_1/void': () =>
        jsonResponse(
          { code: 'INVOICE_NOT_PAYABLE', error: 'This invoice is paid and can no longer change' },
          409,
        ),
    });
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('Invoice KSK-20260110-AB12CD');
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this invoice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This invoice is paid and can no longer change',
    );
    expect(screen.getByRole('dialog', { name: 'Void this invoice?' })).toBeTruthy();
    expect(screen.getByText('Open', { selector: '.MuiChip-label' })).toBeTruthy();
  });

  it('shows the customer as they are now when the invoice recorded nobody, and says so', async () => {
    const data = openRenewal();
    data.list[0] = invoice({ id: 'in_1' });
    mockInvoicesApi(data);
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('Invoice KSK-20260101-AB12CD');
    const customer = section('Customer');
    expect(await within(customer).findByText('Ada Byron')).toBeTruthy();
    expect(within(customer).getByText(/this invoice recorded none of its own/)).toBeTruthy();
  });

  it('shows a placeholder while loading, then says an invoice of another mode is not found', async () => {
    let answer!: (response: Response) => void;
    mockInvoicesApi(openRenewal(), {
      'GET /api/invoices/in_live': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoutesAt('/dashboard/invoices/in_live', routes);
    expect(
      (await screen.findByLabelText('Loading the invoice…', {}, { timeout: 10_000 })).getAttribute(
        'aria-busy',
      ),
    ).toBe('true');
    expect(screen.getByRole('link', { name: 'All invoices' }).getAttribute('href')).toBe(
      '/dashboard/invoices',
    );
    answer(jsonResponse({ code: 'INVOICE_NOT_FOUND', error: 'Invoice not found' }, 404));
    await pageHeading('Invoice not found');
    expect(
      screen.getByText('There is no test invoice in_live. Turn off test mode to see a live invoice.'),
    ).toBeTruthy();
  });

  it('offers a retry when the invoice fails to load', async () => {
    let fail = true;
    mockInvoicesApi(openRenewal(), {
      'GET /api/invoices/in_1': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Sorry, something went wrong.' }, 500)
          : openRenewal().list[0],
    });
    renderRoutesAt('/dashboard/invoices/in_1', routes);
    await pageHeading('The invoice could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await pageHeading('Invoice KSK-20260110-AB12CD');
    await waitFor(() => expect(fact('Total')).toBe('1 KDT'));
  });

  it('reads in Chinese: the summary, the customer and the actions', async () => {
    mockInvoicesApi(openRenewal());
    renderRoutesAt('/dashboard/invoices/in_1', routes, createKioskI18n('zh'));
    await pageHeading();
    expect(fact('应付金额')).toBe('1 KDT');
    expect(within(section('客户')).getByText('为开具账单时记录的信息。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '作废' }));
    expect(await screen.findByRole('dialog', { name: '作废此账单？' })).toBeTruthy();
  });
});
