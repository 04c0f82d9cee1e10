import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import {
  envelope,
  installFakeStripe,
  jsonResponse,
  line,
  mockApi,
  paymentIntent,
  paymentMethod,
  price,
  settings,
  type ApiHandler,
} from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';

const PAID_AT = 1_767_312_000;

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    object: 'invoice',
    livemode: false,
    number: 'KSK-20260102-AB12CD',
    status: 'paid',
    billing_reason: 'manual',
    description: null,
    customer_id: 'cus_1',
    subscription_id: null,
    checkout_session_id: 'cs_test0000001',
    payment_intent_id: 'pi_1',
    currency_id: 'pc_kdt',
    subtotal: '37000000',
    total: '37000000',
    amount_due: '37000000',
    amount_paid: '37000000',
    amount_remaining: '0',
    // As a checkout stores them: price and quantity; the session names and prices them.
    lines: [
      { price_id: 'price_shirt', quantity: 1, cross_sell: false },
      { price_id: 'price_stickers', quantity: 2, cross_sell: false },
    ],
    period_start: null,
    period_end: null,
    status_transitions: { finalized_at: PAID_AT - 60, paid_at: PAID_AT },
    attempt_count: 0,
    next_payment_attempt: null,
    last_payment_error: null,
    customer_name: null,
    customer_email: null,
    customer_phone: null,
    customer_address: null,
    metadata: {},
    created_at: PAID_AT - 60,
    updated_at: PAID_AT,
    ...overrides,
  };
}

const shirt = price({ id: 'price_shirt', name: 'Kiosk T-shirt', unit_amount: '25000000' });
const stickers = price({ id: 'price_stickers', name: 'Sticker pack', unit_amount: '6000000' });

function api(answer: ApiHandler) {
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['member'])),
    'GET /api/settings': () => settings(),
    'GET /api/invoices/in_1': answer,
    'GET /api/checkout-sessions/retrieve/cs_test0000001': () =>
      envelope({ line_items: [line(shirt), line(stickers, { quantity: 2 })] }),
  });
}

beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('InvoicePage', () => {
  it('shows the number, status, amounts, lines, dates and checkout of a test invoice asked for in test mode', async () => {
    const calls = api(() => invoice());
    renderRoutesAt('/customer/invoice/in_1?livemode=false', routes);
    // The file's first page loads every part cold: a busy machine needs the time.
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Invoice KSK-20260102-AB12CD' },
      { timeout: 5000 },
    );
    expect(heading).toBeTruthy();
    expect(calls.calls('GET /api/invoices/in_1')[0]!.url.searchParams.get('livemode')).toBe('false');
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toBe('37 KDT');

    const items = within(screen.getByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Kiosk T-shirtQty 125 KDT',
      'Sticker packQty 212 KDT',
    ]);
    const facts = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(facts('Amount paid')).toBe('37 KDT');
    expect(facts('Amount due')).toBe('0 KDT');
    expect(facts('Paid on')).toMatch(/2026/);
    expect(screen.getByRole('link', { name: 'cs_test0000001' }).getAttribute('href')).toBe(
      '/checkout/pay/cs_test0000001',
    );
    expect(document.title).toBe('Invoice KSK-20260102-AB12CD · Kiosk');
  });

  it('says an uncollectible invoice is owed and leads to paying it, coming back here once paid', async () => {
    api(() => invoice({ status: 'uncollectible', amount_paid: '0', amount_remaining: '37000000' }));
    renderRoutesAt('/customer/invoice/in_1?livemode=false', routes);
    const banner = await screen.findByTestId('past-due-banner');
    expect(within(banner).getByText(/could not be collected/)).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/customer/invoice/past-due?referer=%2Fcustomer%2Finvoice%2Fin_1%3Flivemode%3Dfalse&livemode=false',
    );
    cleanup();

    // A paid invoice has nothing to pay, even when its link asks to.
    api(() => invoice());
    const paid = renderRoutesAt('/customer/invoice/in_1?action=pay&livemode=false', routes);
    await screen.findByRole('heading', { level: 1, name: 'Invoice KSK-20260102-AB12CD' });
    expect(screen.queryByTestId('past-due-banner')).toBeNull();
    expect(paid.router.state.location.pathname).toBe('/customer/invoice/in_1');
  });

  it('pays an uncollectible invoice in a card currency here, by card, and reads it until it is paid', async () => {
    const stripe = installFakeStripe();
    const base = paymentMethod({
      id: 'pm_card',
      type: 'stripe',
      name: 'Card',
      settings: { publishable_key: 'pk_test_kiosk' },
    });
    const usd = {
      ...base.payment_currencies[0]!,
      id: 'pc_usd',
      symbol: 'USD',
      decimal: 2,
      maximum_precision: 2,
      contract: null,
    };
    const card = { ...base, default_currency_id: 'pc_usd', payment_currencies: [usd] };
    const owed = {
      currency_id: 'pc_usd',
      subscription_id: 'sub_1',
      checkout_session_id: null,
      total: '1000',
    };
    let paid = false;
    const calls = mockApi({
      'GET /api/session': () => signedIn(userWithRoles(['member'])),
      'GET /api/settings': () => ({ paymentMethods: [card], baseCurrency: usd }),
      'GET /api/invoices/in_1': () =>
        invoice(
          paid
            ? { ...owed, status: 'paid' }
            : { ...owed, status: 'uncollectible', amount_paid: '0', amount_remaining: '1000' },
        ),
      'POST /api/invoices/overdue/pay': () => ({
        paymentIntent: paymentIntent({ id: 'pi_k1', amount: '1000', currency_id: 'pc_usd' }),
        paymentInstructions: {
          type: 'card',
          amount: '1000',
          currency_id: 'pc_usd',
          decimal: 2,
          symbol: 'USD',
        },
        invoices: [],
        stripeContext: {
          client_secret: 'pi_3Card_secret_abc',
          intent_type: 'payment_intent',
          status: 'requires_payment_method',
        },
      }),
      'POST /api/payment-intents/pi_k1/pay': () => {
        paid = true;
        return jsonResponse(paymentIntent({ id: 'pi_k1', status: 'processing' }), 202);
      },
    });
    renderRoutesAt('/customer/invoice/in_1?livemode=false', routes);
    const banner = await screen.findByTestId('past-due-banner');
    // Not the past-due page's transfer: a card is paid here.
    expect(within(banner).queryByRole('link', { name: 'Pay now' })).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: 'Pay 10 USD by card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 10 USD by card' });
    expect(calls.calls('POST /api/invoices/overdue/pay')[0]!.body).toEqual({
      currency_id: 'pc_usd',
      subscription_id: 'sub_1',
    });
    await waitFor(() => expect(stripe.input()).toBeDefined());
    expect(stripe.elementsOptions[0]).toMatchObject({ clientSecret: 'pi_3Card_secret_abc' });
    act(() => stripe.emit('ready'));
    act(() => stripe.emit('change', { elementType: 'payment', complete: true, empty: false }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 10 USD' }));
    await waitFor(() => expect(calls.calls('POST /api/payment-intents/pi_k1/pay')).toHaveLength(1));
    expect(calls.calls('POST /api/payment-intents/pi_k1/pay')[0]!.body).toEqual({ tx_hash: 'pi_3Card' });
    expect(await screen.findByText('Payment received. The invoice is updated in a moment.')).toBeTruthy();
    // Read again until the server says it is paid: the banner goes.
    await waitFor(() => expect(screen.queryByTestId('past-due-banner')).toBeNull(), { timeout: 5000 });
    expect(screen.getByText('Paid')).toBeTruthy();
  }, 15_000);

  it('goes straight to paying an uncollectible invoice whose link says ?action=pay', async () => {
    api(() => invoice({ status: 'uncollectible', amount_paid: '0', amount_remaining: '37000000' }));
    const { router } = renderRoutesAt('/customer/invoice/in_1?action=pay&livemode=false', routes);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/customer/invoice/past-due'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('referer')).toBe('/customer/invoice/in_1?livemode=false');
    expect(query.get('livemode')).toBe('false');
  });

  it('shows a loading skeleton until the invoice arrives', async () => {
    api(() => new Promise(() => {}));
    renderRoutesAt('/customer/invoice/in_1', routes);
    expect((await screen.findByLabelText('Loading the invoice…')).getAttribute('aria-busy')).toBe('true');
  });

  it("says an invoice is not found when the server has none of this buyer's, in en and zh", async () => {
    api(() => jsonResponse({ code: 'INVOICE_NOT_FOUND', error: 'No such invoice' }, 404));
    renderRoutesAt('/customer/invoice/in_1', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeTruthy();
    expect(screen.getByText('The account you are signed in with has no invoice in_1.')).toBeTruthy();
    cleanup();

    api(() => jsonResponse({ code: 'INVOICE_NOT_FOUND', error: '没有该账单' }, 404));
    renderRoutesAt('/customer/invoice/in_1', routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '未找到账单' })).toBeTruthy();
  });

  it('asks to sign in again when the server no longer knows the buyer, and offers a retry for a failure', async () => {
    api(() => jsonResponse({ code: 'UNAUTHENTICATED', error: 'Please sign in first' }, 401));
    renderRoutesAt('/customer/invoice/in_1', routes);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to see this invoice' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    cleanup();

    let fail = true;
    const calls = api(() =>
      fail ? jsonResponse({ code: 'INTERNAL', error: 'Something went wrong' }, 500) : invoice(),
    );
    renderRoutesAt('/customer/invoice/in_1', routes);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The invoice could not be loaded.' }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice KSK-20260102-AB12CD' }),
    ).toBeTruthy();
    expect(calls.calls('GET /api/invoices/in_1').length).toBeGreaterThan(1);
  });
});
