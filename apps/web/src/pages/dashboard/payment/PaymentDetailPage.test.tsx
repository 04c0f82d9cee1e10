import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, type MockApi } from '@kiosk/react/testing';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import {
  cardPayment,
  charge,
  event,
  mockPaymentApi,
  paidByCard,
  refund,
  KDT,
  type MerchantPayment,
} from './payment-fixtures.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

/** The page's h1, once the lazy page and its payment have loaded (slow on a busy machine). */
async function pageHeading(name?: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}

/** The value a summary row shows beside its label. */
function fact(label: string): string | null | undefined {
  const term = screen.getAllByRole('term').find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

function headersOf(api: MockApi, index: number): Headers {
  return new Headers(api.fetch.mock.calls[index]![1]!.headers);
}

inDashboardTestMode();

describe('PaymentDetailPage', { timeout: 20_000 }, () => {
  it('shows a card payment: its amounts, the customer as given, the charge on Stripe, the invoice and the timeline', async () => {
    const api = mockPaymentApi(paidByCard());
    renderRoutesAt('/dashboard/payments/pi_1', routes);
    await pageHeading('12 USD');
    expect(screen.getByText('Succeeded')).toBeTruthy();
    await waitFor(() => expect(fact('Refundable')).toBe('12 USD'));
    expect([fact('Amount'), fact('Received'), fact('Refunded')]).toEqual(['12 USD', '12 USD', '0 USD']);
    expect(fact('Payment method')).toBe('Cards');
    expect(screen.getByRole('link', { name: 'KSK-20260102-AB12CD' }).getAttribute('href')).toBe(
      '/dashboard/invoices/in_1',
    );

    // The order's own record of the buyer, not the customer's later details.
    const customer = section('Customer');
    expect(await within(customer).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(customer).getByText('ada@example.com')).toBeTruthy();
    expect(within(customer).getByText('did:pkh:eip155:1:0xbuyer')).toBeTruthy();
    expect(within(customer).getByText('As the buyer gave them at this purchase.')).toBeTruthy();
    expect(api.calls('GET /api/customers/cus_1')).toHaveLength(0);

    const charges = section('Charges');
    const stripe = within(charges).getByRole('link', { name: 'pi_stripe_1' });
    expect(stripe.getAttribute('href')).toBe('https://dashboard.stripe.com/test/payments/pi_stripe_1');
    expect(within(charges).getByText(/Cards · From cus_stripe_1/)).toBeTruthy();
    expect(within(section('Refunds')).getByText('No refunds yet.')).toBeTruthy();

    const timeline = await within(section('Events')).findByRole('list', { name: 'Events of payment pi_1' });
    const titles = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild?.firstElementChild?.textContent);
    expect(titles).toEqual(['Payment created', 'Charge succeeded', 'Payment succeeded']);
    const asked = api.calls('GET /api/events')[0]!.url.searchParams;
    expect([asked.get('object_id'), asked.get('livemode')]).toEqual(['pi_1,ch_1', 'false']);
  });

  it('refunds part: the refund is listed, the amounts and the timeline change, and it went out with a key', async () => {
    const payment = paidByCard();
    const api = mockPaymentApi(payment);
    renderRoutesAt('/dashboard/payments/pi_1', routes);
    await pageHeading('12 USD');
    await waitFor(() => expect(fact('Refundable')).toBe('12 USD'));

    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    const amount = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Amount (USD)' });
    expect(amount.value).toBe('12');
    fireEvent.input(amount, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Duplicate' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Refunded 5 USD.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [sent] = api.calls('POST /api/refunds');
    expect(sent!.body).toEqual({ charge_id: 'ch_1', amount: '500', reason: 'duplicate' });
    expect(sent!.url.searchParams.get('livemode')).toBe('false');
    const call = api.requests.indexOf(sent!);
    expect(headersOf(api, call).get('Idempotency-Key')).toMatch(/^[0-9A-Za-z]{24}$/);

    await waitFor(() => expect(fact('Refundable')).toBe('7 USD'));
    expect(fact('Refunded')).toBe('5 USD');
    expect(screen.getByText('Partially refunded')).toBeTruthy();
    const refunds = section('Refunds');
    expect(within(refunds).getByText('5 USD')).toBeTruthy();
    expect(within(refunds).getByText(/Duplicate · .* · re_1/)).toBeTruthy();
    expect(within(section('Charges')).getByText(/5 USD refunded/)).toBeTruthy();
    expect(await within(section('Events')).findByText('Refund succeeded')).toBeTruthy();
    expect(api.calls('GET /api/events').at(-1)!.url.searchParams.get('object_id')).toBe('pi_1,ch_1,re_1');
  });

  it("says in the dialog why a chain payment's method cannot refund, and keeps the dialog open", async () => {
    const payment: MerchantPayment = {
      ...paidByCard(),
      intent: cardPayment({
        amount: '25000000',
        amount_received: '25000000',
        currency_id: KDT,
        payment_method_id: 'pm_local',
      }),
      charges: [
        charge({
          amount: '25000000',
          currency_id: KDT,
          payment_method_id: 'pm_local',
          reference: '0xabc',
          payer: '0x7099',
        }),
      ],
    };
    const api = mockPaymentApi(payment, {
      'POST /api/refunds': () =>
        jsonResponse(
          {
            code: 'REFUND_NOT_SUPPORTED',
            error:
              "This payment's method cannot send money back by itself; return it from the receiving account",
          },
          400,
        ),
    });
    renderRoutesAt('/dashboard/payments/pi_1', routes);
    await pageHeading('25 KDT');
    expect(
      (await within(section('Charges')).findByRole('link', { name: '0xabc' })).getAttribute('href'),
    ).toBe('https://explorer.example/tx/0xabc');

    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      "The refund was not madeThis payment's method cannot send money back by itself; return it from the receiving account",
    );
    // Sent again from the same dialog: the same key, so the server refunds at most once.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.calls('POST /api/refunds')).toHaveLength(2));
    const [first, second] = api.calls('POST /api/refunds').map((sent) => api.requests.indexOf(sent));
    expect(first!).not.toBe(second!);
    expect(headersOf(api, first!).get('Idempotency-Key')).toBe(
      headersOf(api, second!).get('Idempotency-Key'),
    );
    expect(api.calls('POST /api/refunds')[0]!.body).toMatchObject({ amount: '25000000' });
  });

  it('disables Refund and says why: refunded in full, or nothing paid yet', async () => {
    const refunded = paidByCard();
    refunded.charges = [charge({ amount_refunded: '1200' })];
    refunded.refunds = [refund()];
    mockPaymentApi(refunded);
    renderRoutesAt('/dashboard/payments/pi_1', routes);
    await pageHeading('12 USD');
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Refund' });
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(screen.getByText('Refunded in full.').id).toBe(button.getAttribute('aria-describedby'));
    expect(screen.getByText('Refunded', { selector: '.MuiChip-label' })).toBeTruthy();
    cleanup();

    const waiting = paidByCard();
    waiting.intent = cardPayment({ status: 'requires_action', amount_received: '0' });
    waiting.charges = [];
    waiting.events = [event('payment_intent.created', waiting.intent)];
    mockPaymentApi(waiting);
    renderRoutesAt('/dashboard/payments/pi_1', routes);
    await pageHeading('12 USD');
    expect(await screen.findByText('Nothing has been paid yet, so there is nothing to refund.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Refund' }).disabled).toBe(true);
    expect(
      within(section('Charges')).getByText('Nothing has been paid toward this payment yet.'),
    ).toBeTruthy();
  });

  it("shows the customer's current details when the payment recorded none (an invoice's renewal)", async () => {
    const renewal = paidByCard();
    renewal.intent = cardPayment({ checkout_session_id: null });
    const api = mockPaymentApi(renewal);
    renderRoutesAt('/dashboard/payments/pi_1', routes);
    await pageHeading('12 USD');
    const customer = section('Customer');
    expect(await within(customer).findByText('Ada Byron')).toBeTruthy();
    expect(within(customer).getByText(/this payment recorded none of its own/)).toBeTruthy();
    expect(api.calls('GET /api/customers/cus_1')).toHaveLength(1);
  });

  it("shows a renewal's customer as its invoice kept them, not as they are now", async () => {
    const renewal = paidByCard();
    renewal.intent = cardPayment({ checkout_session_id: null });
    const api = mockPaymentApi(renewal, {
      'GET /api/invoices/in_1': () => ({
        id: 'in_1',
        number: 'KSK-20260102-AB12CD',
        livemode: false,
        customer_name: 'Ada Lovelace',
        customer_email: 'ada@example.com',
        customer_phone: null,
      }),
    });
    renderRoutesAt('/dashboard/payments/pi_1', routes);
    await pageHeading('12 USD');
    const customer = section('Customer');
    expect(await within(customer).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(customer).getByText('ada@example.com')).toBeTruthy();
    expect(within(customer).queryByText('Ada Byron')).toBeNull();
    expect(api.calls('GET /api/customers/cus_1')).toHaveLength(0);
  });

  it('shows a placeholder while loading, then says a payment of another mode is not found', async () => {
    let answer!: (response: Response) => void;
    mockPaymentApi(paidByCard(), {
      'GET /api/payment-intents/pi_live': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoutesAt('/dashboard/payments/pi_live', routes);
    expect(
      (await screen.findByLabelText('Loading the payment…', {}, { timeout: 10_000 })).getAttribute(
        'aria-busy',
      ),
    ).toBe('true');
    expect(screen.getByRole('link', { name: 'All payments' }).getAttribute('href')).toBe(
      '/dashboard/payments',
    );
    answer(jsonResponse({ code: 'PAYMENT_INTENT_NOT_FOUND', error: 'No such payment intent' }, 404));
    await pageHeading('Payment not found');
    expect(
      screen.getByText('There is no test payment pi_live. Turn off test mode to see a live payment.'),
    ).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockPaymentApi(paidByCard(), {
      'GET /api/payment-intents/pi_1': () =>
        fail ? jsonResponse({ code: 'INTERNAL', error: 'Sorry, something went wrong.' }, 500) : cardPayment(),
    });
    renderRoutesAt('/dashboard/payments/pi_1', routes);
    await pageHeading('The payment could not be loaded.');
    expect(screen.getByText('Sorry, something went wrong.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await pageHeading('12 USD');
  });

  it('reads in Chinese', async () => {
    mockPaymentApi(paidByCard());
    renderRoutesAt('/dashboard/payments/pi_1', routes, createKioskI18n('zh'));
    await pageHeading('12 USD');
    await waitFor(() => expect(fact('可退')).toBe('12 USD'));
    expect(section('扣款')).toBeTruthy();
    expect(await within(section('事件')).findByText('付款成功')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog', { name: '退款' });
    expect(within(dialog).getByText('最多可退 12 USD。款项将按客户的原支付方式退回。')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '客户要求' })).toHaveProperty('checked', true);
  });
});
