import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutEnvelope, SubmitAnswer } from '@kiosk/contracts';
import {
  BUYER_ADDRESS,
  BUYER_DID,
  cleanUpKiosk,
  enabledButton,
  envelope,
  jsonResponse,
  line,
  mockApi,
  price,
  renderKiosk,
  authoriseDialog,
  COLLECTOR,
  MANDATE_RECEIVER,
  mandateBrowserWallet,
  mandateCheckoutApi,
  mandateInstructions,
  mandateSubmitAnswer,
} from '../test-support/index.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import '@kiosk/core/customer-details';

const ID = 'cs_test0000001';
const SESSION = `GET /api/checkout-sessions/retrieve/${ID}`;
const MANDATE = `POST /api/checkout-sessions/${ID}/mandate`;
const TOKEN = 'POST /api/did/subscription/token';
const STATUS = 'GET /api/did/subscription/status';
const RECEIVER = MANDATE_RECEIVER;

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

const mandate = mandateInstructions();

function submitted(base: CheckoutEnvelope): SubmitAnswer {
  const session = { ...base.checkoutSession, customer_did: BUYER_DID, subscription_id: 'sub_1' };
  return mandateSubmitAnswer({ ...base, checkoutSession: session }, mandate);
}

type Routes = Parameters<typeof mockApi>[0];

const api = (base: CheckoutEnvelope, routes: Routes = {}) =>
  mandateCheckoutApi(base, 'subscription', submitted, { routes });
const browserWallet = mandateBrowserWallet;

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('CheckoutForm subscribing', () => {
  const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));

  it('says on the page what is due today in a trial, when the first charge comes and how much', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.UTC(2031, 0, 1, 12) });
    api(plan());
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Subscribe');
    expect(summary().getByTestId('checkout-trial').textContent).toBe('7 days free');
    expect(summary().getByText('Total due today')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('0 KDT');
    expect(summary().getByTestId('checkout-then').textContent).toBe(
      'Then 10 KDT per month starting January 8, 2031',
    );
    // Beside the button too: a minimal layout has no summary.
    expect(screen.getByTestId('checkout-due-today').textContent).toBe(
      'Due today 0 KDT, then 10 KDT per month starting January 8, 2031, until you cancel.',
    );
  });

  it('says the first payment is due today without a trial, then the next one a period on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.UTC(2031, 0, 1, 12) });
    api(plan({ subscription_data: { trial_period_days: 7, trial_currency: 'pc_eth' } }));
    renderKiosk(<CheckoutForm id={ID} mode="inline-minimal" />);
    await enabledButton('Subscribe');
    expect(screen.queryByTestId('checkout-trial')).toBeNull();
    expect(screen.getByTestId('checkout-due-today').textContent).toBe(
      'Due today 10 KDT, then 10 KDT per month starting February 1, 2031, until you cancel.',
    );
  });

  it("says the whole first period is due today to a buyer who has had this product's trial", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.UTC(2031, 0, 1, 12) });
    api(plan({ trial_eligible: false }));
    renderKiosk(<CheckoutForm id={ID} mode="inline-minimal" />);
    await enabledButton('Subscribe');
    expect(screen.queryByTestId('checkout-trial')).toBeNull();
    expect(screen.getByTestId('checkout-due-today').textContent).toBe(
      'Due today 10 KDT, then 10 KDT per month starting February 1, 2031, until you cancel.',
    );
  });

  it('asks for the first payment now when submit finds the buyer has had the trial', async () => {
    // Opened before signing in, the page offered the trial; submit knows the buyer.
    mandateCheckoutApi(plan(), 'subscription', (base) => {
      const answer = submitted(base);
      return { ...answer, checkoutSession: { ...answer.checkoutSession, trial_eligible: false } };
    });
    renderKiosk(<CheckoutForm id={ID} />);
    const subscribe = await enabledButton('Subscribe');
    expect(summary().getByTestId('checkout-trial').textContent).toBe('7 days free');
    fireEvent.click(subscribe);
    const dialog = await authoriseDialog();
    expect(within(dialog).getByTestId('mandate-terms').textContent).toContain(
      '10 KDT per month, the first payment now',
    );
    await waitFor(() => expect(screen.queryByTestId('checkout-trial')).toBeNull());
    expect(screen.getByTestId('checkout-total').textContent).toBe('10 KDT');
  });

  it('shows what the customer allows and opens a subscription connect session for this checkout and buyer', async () => {
    const calls = api(plan());
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Subscribe'));
    const dialog = await authoriseDialog();
    const terms = within(dialog).getByTestId('mandate-terms').textContent;
    expect(terms).toContain('Free for 7 days, then 10 KDT per month');
    expect(terms).toContain(`You allow at most 10 KDT per month for up to 12 payments, to ${RECEIVER}.`);
    expect(terms).toContain('confirm 2 transactions');
    await waitFor(() => expect(calls.calls(TOKEN)).toHaveLength(1));
    expect(calls.calls(TOKEN)[0]!.body).toEqual({
      params: { checkoutSessionId: ID, sessionUserDid: BUYER_DID },
    });
    // No toast says a subscription cannot be paid.
    expect(screen.queryByText(/cannot be paid yet/)).toBeNull();
  });

  it("counts this mandate's own payments, not the wallet's whole allowance (its third subscription)", async () => {
    const third = mandateInstructions({ allowance: '360000000' });
    // The wallet already allows two other subscriptions 24 payments: the allowance holds 36.
    mandateCheckoutApi(plan(), 'subscription', (base) => ({
      ...submitted(base),
      mandateInstructions: third,
    }));
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Subscribe'));
    const dialog = await authoriseDialog();
    expect(within(dialog).getByTestId('mandate-terms').textContent).toContain(
      `You allow at most 10 KDT per month for up to 12 payments, to ${RECEIVER}.`,
    );
  });

  it('says what a stake locked with the mandate is for, and shows none when the mandate locks none', async () => {
    const staking = mandateInstructions({
      stake: {
        contract: COLLECTOR,
        stake_id: `0x${'cd'.repeat(32)}`,
        amount: '5000000',
        notice_seconds: 2_419_200,
      },
    });
    mandateCheckoutApi(plan(), 'subscription', (base) => ({
      ...submitted(base),
      mandateInstructions: staking,
    }));
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Subscribe'));
    const dialog = await authoriseDialog();
    expect(within(dialog).getByTestId('mandate-stake').textContent).toBe(
      'You also lock a stake of 5 KDT. It is not part of the price: it comes back to you when the subscription ends, and the merchant can take from it only what you leave unpaid.',
    );
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
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.UTC(2031, 0, 1, 12) });
    api(plan());
    renderKiosk(<CheckoutForm id={ID} />, { locale: 'zh' });
    const subscribe = await enabledButton('订阅');
    const zhSummary = within(screen.getByRole('region', { name: '订单摘要' }));
    expect(zhSummary.getByTestId('checkout-trial').textContent).toBe('免费试用 7 天');
    expect(zhSummary.getByText('今日应付合计')).toBeTruthy();
    expect(zhSummary.getByTestId('checkout-then').textContent).toBe('之后自 2031年1月8日 起每月 10 KDT');
    expect(screen.getByTestId('checkout-due-today').textContent).toBe(
      '今日应付 0 KDT，之后自 2031年1月8日 起每月 10 KDT，直至您取消。',
    );
    fireEvent.click(subscribe);
    const dialog = await authoriseDialog('授权订阅扣款');
    const terms = within(dialog).getByTestId('mandate-terms').textContent;
    expect(terms).toContain('免费试用 7 天，之后每月 10 KDT');
    expect(terms).toContain(`您授权每月最多支付 10 KDT，最多 12 期，收款方 ${RECEIVER}。`);
    expect(within(dialog).queryByTestId('mandate-stake')).toBeNull();
  });
});
