import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nowUnix } from '@kiosk/core';
import type { BitcoinInstructions, CheckoutEnvelope, SubmitAnswer } from '@kiosk/contracts';
import {
  checkoutRoutes,
  cleanUpKiosk,
  enabledButton,
  envelope,
  jsonResponse,
  line,
  mockApi,
  paymentIntent,
  paymentMethod,
  price,
  renderKiosk,
  sessionAnswer,
  smallScreen,
  submitAnswer,
  type ApiHandler,
} from '../../test-support/index.ts';
import { CheckoutForm } from '../CheckoutForm.tsx';
import { PAYING_TIMEOUT_MS } from '../use-checkout.ts';
// Loaded here, so that each test's waits do not include loading them.
import '@kiosk/core/customer-details';
import './BitcoinDialog.tsx';

const ID = 'cs_test0000001';
const SESSION = `GET /api/checkout-sessions/retrieve/${ID}`;
const SUBMIT = `PUT /api/checkout-sessions/${ID}/submit`;
const PAY = `POST /api/checkout-sessions/${ID}/pay`;
const DEMO_PAY = 'POST /api/test-wallet/bitcoin-payments';
const DEMO_WALLET = 'Pay with the demo wallet';
const BTC = 'pc_btc';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const URI = `bitcoin:${ADDRESS}?amount=0.0015`;

function bitcoinMethod() {
  const method = paymentMethod({
    id: 'pm_btc',
    type: 'bitcoin',
    name: 'Bitcoin',
    settings: { network: 'regtest', confirmation: 3 },
    default_currency_id: BTC,
  });
  const btc = { ...method.payment_currencies[1]!, id: BTC, name: 'Bitcoin', symbol: 'BTC', decimal: 8 };
  return { ...method, payment_currencies: [{ ...btc, maximum_precision: 8, contract: null }] };
}

function bitcoinEnvelope(extra: Partial<CheckoutEnvelope> = {}, session = {}): CheckoutEnvelope {
  const sticker = price({ currency_id: BTC, unit_amount: '150000', currency_options: [] });
  return envelope(
    {
      currency_id: BTC,
      line_items: [line(sticker)],
      amount_subtotal: '150000',
      amount_total: '150000',
      ...session,
    },
    { paymentMethods: [bitcoinMethod()], ...extra },
  );
}

function instructions(overrides: Partial<BitcoinInstructions> = {}): BitcoinInstructions {
  return {
    type: 'bitcoin',
    network: 'regtest',
    address: ADDRESS,
    amount: '150000',
    amount_btc: '0.0015',
    uri: URI,
    expires_at: nowUnix() + 3_600,
    confirmations: 3,
    currency_id: BTC,
    decimal: 8,
    symbol: 'BTC',
    ...overrides,
  };
}

function api(base: CheckoutEnvelope, routes: Record<string, ApiHandler> = {}, given = instructions()) {
  const answer: SubmitAnswer = { ...submitAnswer(base), paymentInstructions: given };
  return mockApi({
    ...checkoutRoutes(base),
    [SUBMIT]: () => answer,
    [PAY]: () => jsonResponse(base, 202),
    ...routes,
  });
}

/** Submits the checkout and answers the Bitcoin step's dialog. */
async function openStep(pay = 'Pay 0.0015 BTC', title = 'Pay 0.00150000 BTC by Bitcoin') {
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Ada Lovelace'), {
    timeout: 3_000,
  });
  fireEvent.click(await enabledButton(pay));
  return screen.findByRole('dialog', { name: title }, { timeout: 3_000 });
}

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(() => {
  cleanUpKiosk();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the checkout’s Bitcoin step (issue 26)', () => {
  it('shows the exact amount and the address with copy, the QR code of the BIP21 request and a wallet link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = api(bitcoinEnvelope());
    renderKiosk(<CheckoutForm id={ID} />);
    const dialog = await openStep();

    expect(within(dialog).getByText('0.00150000 BTC')).toBeTruthy();
    expect(within(dialog).getByText(ADDRESS)).toBeTruthy();
    const qr = await within(dialog).findByRole('img', {
      name: `QR code of the Bitcoin payment request (0.00150000 BTC to ${ADDRESS})`,
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getByRole('link', { name: 'Open in wallet' }).getAttribute('href')).toBe(URI);
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^Time left to pay: (59:5\d|1:00:00)$/);
    expect(within(dialog).getByText('It counts as paid after 3 confirmation(s) on the chain.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy the address' }));
    await waitFor(() => expect(within(dialog).getAllByRole('status')[1]!.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy the amount' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('0.00150000'));
    // Nothing is named before the buyer says they paid.
    expect(calls.calls(PAY)).toHaveLength(0);
    // A server without the test wallet (production) has no demo wallet to offer.
    expect(within(dialog).queryByRole('button', { name: DEMO_WALLET })).toBeNull();
  }, 15_000);

  it('pays with the demo wallet where the server has the test wallet, then names the address and waits', async () => {
    const calls = api(bitcoinEnvelope(), {
      'GET /api/session': () => sessionAnswer(true, true),
      [DEMO_PAY]: () => ({ address: ADDRESS, amount: '150000', txid: 'ab'.repeat(32) }),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    const dialog = await openStep();
    fireEvent.click(within(dialog).getByRole('button', { name: DEMO_WALLET }));
    expect(await within(dialog).findByText(/^Waiting for the payment…/)).toBeTruthy();
    expect(calls.calls(DEMO_PAY)).toEqual([expect.objectContaining({ body: { checkout_session_id: ID } })]);
    expect(calls.calls(PAY)).toEqual([expect.objectContaining({ body: { tx_hash: ADDRESS } })]);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: DEMO_WALLET }).disabled).toBe(true);
  }, 15_000);

  it('offers no demo wallet for an order outside regtest, even with the test wallet', async () => {
    api(
      bitcoinEnvelope(),
      { 'GET /api/session': () => sessionAnswer(true, true) },
      instructions({ network: 'testnet' }),
    );
    renderKiosk(<CheckoutForm id={ID} />);
    const dialog = await openStep();
    expect(within(dialog).getByRole('link', { name: 'Open in wallet' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: DEMO_WALLET })).toBeNull();
  }, 15_000);

  it('names the address once when “I have paid” is pressed twice, waits, and ends in the usual success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const base = bitcoinEnvelope();
    let current = base;
    const calls = api(base, { [SESSION]: () => current });
    renderKiosk(<CheckoutForm id={ID} />);
    const dialog = await openStep();

    const paid = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'I have paid' });
    fireEvent.click(paid);
    fireEvent.click(paid);
    expect(await within(dialog).findByText(/^Waiting for the payment…/)).toBeTruthy();
    expect(calls.calls(PAY)).toEqual([expect.objectContaining({ body: { tx_hash: ADDRESS } })]);
    expect(paid.disabled).toBe(true);
    fireEvent.click(paid);

    // The server reports what it saw on the address while it waits for the confirmations.
    const intent = paymentIntent({
      status: 'processing',
      payment_details: { bitcoin: { confirmations: '1' } },
    });
    current = bitcoinEnvelope({ paymentIntent: intent });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await within(dialog).findByText('Payment seen, waiting for confirmations: 1 of 3')).toBeTruthy();

    current = bitcoinEnvelope({}, { status: 'complete', payment_status: 'paid' });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.calls(PAY)).toHaveLength(1);
  }, 15_000);

  it('keeps waiting past the page’s usual wait for a payment, until the order’s end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = api(bitcoinEnvelope());
    renderKiosk(<CheckoutForm id={ID} />);
    const dialog = await openStep();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have paid' }));
    expect(await within(dialog).findByText(/^Waiting for the payment…/)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(PAYING_TIMEOUT_MS + 1_000));
    const polled = calls.calls(SESSION).length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls.calls(SESSION).length).toBeGreaterThan(polled);
    expect(within(dialog).getByText(/^Waiting for the payment…/)).toBeTruthy();
  }, 15_000);

  it('says when the shop could not be told, and lets the buyer say it again', async () => {
    let refuse = true;
    const calls = api(bitcoinEnvelope(), {
      [PAY]: () =>
        refuse
          ? jsonResponse({ code: 'CHECKOUT_SESSION_EXPIRED', error: 'This checkout has expired' }, 400)
          : jsonResponse(bitcoinEnvelope(), 202),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    const dialog = await openStep();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have paid' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^The shop could not be told/);
    refuse = false;
    fireEvent.click(await enabledButton('I have paid'));
    expect(await within(dialog).findByText(/^Waiting for the payment…/)).toBeTruthy();
    expect(calls.calls(PAY)).toHaveLength(2);
  }, 15_000);

  it('says when the time to pay has run out, takes no “I have paid”, and offers to start again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = api(bitcoinEnvelope(), {}, instructions({ expires_at: nowUnix() + 5 }));
    renderKiosk(<CheckoutForm id={ID} />);
    const dialog = await openStep();
    await act(() => vi.advanceTimersByTimeAsync(6_000));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(/The time to pay this order has run out/);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'I have paid' }).disabled).toBe(
      true,
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls(PAY)).toHaveLength(0);
    // Back at the form: the checkout reads its session again, to say it has expired.
    expect(calls.calls(SESSION).length).toBeGreaterThan(1);
  }, 15_000);

  it('takes the whole screen on a phone, and closed while waiting leaves the page waiting', async () => {
    smallScreen();
    const calls = api(bitcoinEnvelope());
    renderKiosk(<CheckoutForm id={ID} />);
    const dialog = await openStep();
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'I have paid' }));
    expect(await within(dialog).findByText(/^Waiting for the payment…/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('checkout-paying')).toBeTruthy();
    expect(calls.calls(PAY)).toHaveLength(1);
  }, 15_000);

  it('speaks Chinese', async () => {
    api(bitcoinEnvelope());
    renderKiosk(<CheckoutForm id={ID} />, { locale: 'zh' });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^姓名/).value).toBe('Ada Lovelace'), {
      timeout: 3_000,
    });
    fireEvent.click(await enabledButton(/0\.0015 BTC/));
    const dialog = await screen.findByRole(
      'dialog',
      { name: '比特币支付 0.00150000 BTC' },
      { timeout: 3_000 },
    );
    expect(within(dialog).getByRole('link', { name: '在钱包中打开' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '复制地址' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '我已付款' })).toBeTruthy();
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^剩余支付时间：/);
  }, 15_000);
});
