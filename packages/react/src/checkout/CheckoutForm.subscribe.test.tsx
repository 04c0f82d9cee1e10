import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutEnvelope, MandateInstructions, SubmitAnswer } from '@kiosk/contracts';
import {
  BUYER_ADDRESS,
  BUYER_DID,
  checkoutRoutes,
  cleanUpKiosk,
  enabledButton,
  envelope,
  jsonResponse,
  line,
  mockApi,
  price,
  renderKiosk,
  sessionAnswer,
} from '../test-support/index.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import '@kiosk/core/customer-details';

const ID = 'cs_test0000001';
const SESSION = `GET /api/checkout-sessions/retrieve/${ID}`;
const SUBMIT = `PUT /api/checkout-sessions/${ID}/submit`;
const MANDATE = `POST /api/checkout-sessions/${ID}/mandate`;
const TOKEN = 'POST /api/did/subscription/token';
const STATUS = 'GET /api/did/subscription/status';
const TOKEN_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const COLLECTOR = '0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE';
const RECEIVER = '0x8888888888888888888888888888888888888888';
const DAY = 86_400;

/** Kiosk Pro: 10 KDT a month with a 7-day trial. */
function plan(session: Partial<CheckoutEnvelope['checkoutSession']> = {}): CheckoutEnvelope {
  const monthly = price({
    name: 'Kiosk Pro',
    type: 'recurring',
    unit_amount: '10000000',
    currency_options: [],
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed', proration_mode: 'prorate' },
  });
  return envelope({
    mode: 'subscription',
    subscription_data: { trial_period_days: 7 },
    line_items: [line(monthly)],
    amount_subtotal: '10000000',
    amount_total: '10000000',
    ...session,
  });
}

const mandate: MandateInstructions = {
  type: 'evm_mandate',
  chain_id: 31337,
  contract: COLLECTOR,
  mandate_id: `0x${'ab'.repeat(32)}`,
  token: TOKEN_ADDRESS,
  receiver: RECEIVER,
  max_per_cycle: '10000000',
  cycle_seconds: 28 * DAY,
  starts_at: 0,
  expires_at: 0,
  allowance: '120000000',
  calls: [
    { to: TOKEN_ADDRESS, data: '0x095ea7b3aa' },
    { to: COLLECTOR, data: '0x12345678bb' },
  ],
  currency_id: 'pc_kdt',
  decimal: 6,
  symbol: 'KDT',
};

function submitted(base: CheckoutEnvelope): SubmitAnswer {
  return {
    ...base,
    checkoutSession: { ...base.checkoutSession, customer_did: BUYER_DID, subscription_id: 'sub_1' },
    paymentInstructions: null,
    mandateInstructions: mandate,
    balance: { sufficient: false },
    delegation: { sufficient: false },
    fastPayInfo: null,
    stripeContext: null,
  };
}

type Routes = Parameters<typeof mockApi>[0];

function api(base: CheckoutEnvelope, routes: Routes = {}) {
  return mockApi({
    ...checkoutRoutes(base, { session: sessionAnswer(true, true) }),
    [SUBMIT]: () => submitted(base),
    [TOKEN]: () => ({
      token: 'tok_1',
      secret: 'sec_1',
      auth_url: 'http://localhost/a',
      deep_link: 'kiosk://connect?url=x',
      expires_at: Math.floor(Date.now() / 1000) + 300,
    }),
    [STATUS]: () => ({ status: 'created' }),
    ...routes,
  });
}

/** A wallet in this browser on `window.ethereum` that mines what it is sent, recording it. */
function browserWallet() {
  const sent: { to: string; data: string }[] = [];
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
    switch (method) {
      case 'eth_requestAccounts':
        return [BUYER_ADDRESS];
      case 'eth_chainId':
        return '0x7a69';
      case 'eth_sendTransaction':
        sent.push(params![0] as { to: string; data: string });
        return `0x${String(sent.length).padStart(64, '0')}`;
      case 'eth_getTransactionReceipt':
        return { status: '0x1' };
      default:
        throw new Error(`unexpected ${method}`);
    }
  });
  vi.stubGlobal('ethereum', { request });
  return { sent, request };
}

/** The dialog's code loads on the first submit: cold, on a busy machine, that can take over 1 s. */
const authoriseDialog = (name = 'Authorise your subscription') =>
  screen.findByRole('dialog', { name }, { timeout: 5_000 });

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('CheckoutForm subscribing', () => {
  it('shows what the customer allows and opens a subscription connect session for this checkout and buyer', async () => {
    const calls = api(plan());
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Subscribe'));
    const dialog = await authoriseDialog();
    const terms = within(dialog).getByTestId('mandate-terms').textContent;
    expect(terms).toContain('Free for 7 days, then 10 KDT per month');
    expect(terms).toContain(`You allow at most 10 KDT every 28 days for 12 cycles, to ${RECEIVER}.`);
    expect(terms).toContain('confirm 2 transactions');
    await waitFor(() => expect(calls.calls(TOKEN)).toHaveLength(1));
    expect(calls.calls(TOKEN)[0]!.body).toEqual({
      params: { checkoutSessionId: ID, sessionUserDid: BUYER_DID },
    });
    // No toast says a subscription cannot be paid.
    expect(screen.queryByText(/cannot be paid yet/)).toBeNull();
  });

  it('says the price alone, first payment now, when the trial is for another currency', async () => {
    api(plan({ subscription_data: { trial_period_days: 7, trial_currency: 'pc_eth' } }));
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Subscribe'));
    const dialog = await authoriseDialog();
    expect(within(dialog).getByTestId('mandate-terms').textContent).toContain(
      '10 KDT per month, the first payment now',
    );
  });

  it("sends the mandate's calls in order from a wallet in this browser, has the server read them (again while pending), then shows the trial started", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const wallet = browserWallet();
    const base = plan();
    let current = base;
    let pending = 2;
    const calls = api(base, {
      [SESSION]: () => current,
      [MANDATE]: () =>
        pending-- > 0
          ? jsonResponse({ code: 'MANDATE_PENDING', error: 'The chain does not show the mandate yet' }, 409)
          : jsonResponse(current, 202),
      'GET /api/subscriptions/sub_1': () => ({ id: 'sub_1', trial_end: Date.UTC(2031, 0, 8) / 1000 }),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Subscribe'));
    const dialog = await authoriseDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: /Authorise with/ }));

    await waitFor(() => expect(wallet.sent).toHaveLength(2));
    expect(wallet.sent).toEqual(
      mandate.calls.map((call) => ({ from: BUYER_ADDRESS, to: call.to, data: call.data })),
    );
    // The allowance is mined before the mandate that spends it is sent.
    const order = wallet.request.mock.calls.map(([{ method }]) => method);
    expect(order.indexOf('eth_getTransactionReceipt')).toBeLessThan(order.lastIndexOf('eth_sendTransaction'));

    await advance(2_000);
    await advance(2_000);
    await waitFor(() => expect(calls.calls(MANDATE)).toHaveLength(3));
    expect((await screen.findByTestId('checkout-paying')).textContent).toContain(
      'Starting your subscription…',
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    current = plan({
      status: 'complete',
      payment_status: 'no_payment_required',
      subscription_id: 'sub_1',
    });
    await advance(2_000);
    expect(await screen.findByRole('heading', { name: 'Subscription started' })).toBeTruthy();
    expect(screen.getByText('Thank you! Your subscription has started.')).toBeTruthy();
    expect((await screen.findByTestId('checkout-trial-ends')).textContent).toBe(
      'Your free trial ends on January 8, 2031; nothing is charged before then.',
    );
    expect(screen.getByRole('link', { name: 'View subscription' }).getAttribute('href')).toBe(
      `${window.location.origin}/customer/subscription/sub_1?livemode=false`,
    );
  });

  it('keeps the dialog open with the server’s reason when the chain shows another mandate than asked', async () => {
    browserWallet();
    api(plan(), {
      [MANDATE]: () =>
        jsonResponse(
          { code: 'MANDATE_MISMATCH', error: 'The mandate on the chain is not the one asked for' },
          400,
        ),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Subscribe'));
    const dialog = await authoriseDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: /Authorise with/ }));
    expect(await within(dialog).findByText('The mandate on the chain is not the one asked for')).toBeTruthy();
    expect(screen.queryByTestId('checkout-paying')).toBeNull();
  });

  it('lets the test wallet authorise it through the connect session, which the page then waits on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answered = false;
    const calls = api(plan(), {
      'POST /api/test-wallet/connect': () => {
        answered = true;
        return { address: BUYER_ADDRESS };
      },
      [STATUS]: () => (answered ? { status: 'succeeded', did: BUYER_DID } : { status: 'created' }),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Subscribe'));
    const dialog = await authoriseDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Test wallet' }));
    await waitFor(() => expect(calls.calls('POST /api/test-wallet/connect')).toHaveLength(1));
    await advance(2_000);
    expect((await screen.findByTestId('checkout-paying')).textContent).toContain(
      'Starting your subscription…',
    );
    // The server's connect action confirmed the mandate itself: the page does not ask again.
    expect(calls.calls(MANDATE)).toHaveLength(0);
  });

  it('says it all in Chinese', async () => {
    api(plan());
    renderKiosk(<CheckoutForm id={ID} />, { locale: 'zh' });
    fireEvent.click(await enabledButton('订阅'));
    const dialog = await authoriseDialog('授权订阅扣款');
    const terms = within(dialog).getByTestId('mandate-terms').textContent;
    expect(terms).toContain('免费试用 7 天，之后每月 10 KDT');
    expect(terms).toContain(`您授权每 28 天 最多支付 10 KDT，共 12 个周期，收款方 ${RECEIVER}。`);
  });
});
