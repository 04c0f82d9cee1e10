import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutEnvelope, ExpandedPrice, SessionSubscription } from '@kiosk/contracts';
import {
  BUYER_ADDRESS,
  BUYER_DID,
  ETH,
  KDT,
  cleanUpKiosk,
  enabledButton,
  envelope,
  jsonResponse,
  mockApi,
  price,
  renderKiosk,
  authoriseDialog,
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
const SUBMIT = `PUT /api/checkout-sessions/${ID}/submit`;
const MANDATE = `POST /api/checkout-sessions/${ID}/mandate`;
const CROSS_SELL = `GET /api/checkout-sessions/${ID}/cross-sell`;
const TOKEN = 'POST /api/did/setup/token';
const RECEIVER = MANDATE_RECEIVER;
const DAY = 86_400;
/** The subscription's current period ends, and its next payment is collected, on January 8, 2031. */
const NEXT_PAYMENT = Date.UTC(2031, 0, 8) / 1000;
const MONTHLY = {
  interval: 'month',
  interval_count: 1,
  usage_type: 'licensed',
  proration_mode: 'prorate',
} as const;

function monthlyPrice(name: string, kdt: string, eth: string): ExpandedPrice {
  return price({
    name,
    type: 'recurring',
    unit_amount: kdt,
    currency_options: [{ currency_id: ETH, unit_amount: eth, custom_unit_amount: null, tiers: null }],
    recurring: MONTHLY,
  });
}

function item(itemPrice: ExpandedPrice, quantity: number): SessionSubscription['items'][number] {
  return {
    id: `si_${itemPrice.id}`,
    object: 'subscription_item',
    subscription_id: 'sub_1',
    price_id: itemPrice.id,
    quantity,
    price: itemPrice,
    product_name: itemPrice.product.name,
    metadata: {},
    created_at: NEXT_PAYMENT - 60 * DAY,
  };
}

/**
 * The running subscription the session sets up, as the server names it in `subscriptions`: Kiosk Pro
 * (10 KDT) and two extra seats (2.5 KDT each) a month, 15 KDT or 0.006 ETH a cycle.
 */
function subscription(overrides: Partial<SessionSubscription> = {}): SessionSubscription {
  const started = NEXT_PAYMENT - 60 * DAY;
  return {
    id: 'sub_1',
    object: 'subscription',
    livemode: false,
    status: 'active',
    customer_id: 'cus_1',
    currency_id: KDT,
    default_payment_method_id: 'pm_local',
    description: null,
    recurring: { interval: 'month', interval_count: 1 },
    checkout_session_id: 'cs_first0000001',
    latest_invoice_id: 'in_0',
    billing_cycle_anchor: started,
    current_period_start: NEXT_PAYMENT - 31 * DAY,
    current_period_end: NEXT_PAYMENT,
    start_date: started,
    trial_start: null,
    trial_end: null,
    ended_at: null,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    cancelation_details: {},
    collection_method: 'charge_automatically',
    payment_details: {},
    stake: null,
    pending_update: null,
    items: [
      item(monthlyPrice('Kiosk Pro', '10000000', '4000000000000000'), 1),
      item(monthlyPrice('Extra seat', '2500000', '1000000000000000'), 2),
    ],
    metadata: {},
    created_at: started,
    updated_at: started,
    ...overrides,
  };
}

/** An open setup session for the fixture buyer's subscription: nothing sold, nothing owed. */
function setup(session: Partial<CheckoutEnvelope['checkoutSession']> = {}): CheckoutEnvelope {
  return envelope({
    mode: 'setup',
    line_items: [],
    amount_subtotal: '0',
    amount_total: '0',
    payment_status: 'no_payment_required',
    customer_id: 'cus_1',
    customer_did: BUYER_DID,
    subscription_id: 'sub_1',
    subscriptions: [subscription()],
    ...session,
  });
}

const mandate = mandateInstructions({
  mandate_id: `0x${'cd'.repeat(32)}`,
  max_per_cycle: '15000000',
  starts_at: NEXT_PAYMENT,
  allowance: '180000000',
  currency_id: KDT,
});

type Routes = Parameters<typeof mockApi>[0];

/** Submit answers the mandate to sign and nothing to pay, as for a subscription. */
const api = (base: CheckoutEnvelope, routes: Routes = {}, signedIn = true) =>
  mandateCheckoutApi(base, 'setup', (session) => mandateSubmitAnswer(session, mandate), { routes, signedIn });
const browserWallet = mandateBrowserWallet;

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('CheckoutForm setting up a subscription’s payment', () => {
  it('shows the subscription instead of an order: its name, what a cycle costs, the next payment, and nothing charged now', async () => {
    const calls = api(setup());
    renderKiosk(<CheckoutForm id={ID} />);
    const summary = await screen.findByRole('region', { name: 'Set up payment' });
    const text = summary.textContent;
    expect(text).toContain('Kiosk Pro, Extra seat');
    expect(text).toContain('15 KDT');
    expect(text).toContain('per month');
    expect(text).toContain('Next payment on January 8, 2031');
    expect(text).toContain('You will not be charged now.');
    // No order lines, total, quantities or offers.
    expect(screen.queryByRole('region', { name: 'Order summary' })).toBeNull();
    expect(text).not.toMatch(/Qty|Total/);
    expect(calls.calls(CROSS_SELL)).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kiosk Pro, Extra seat');
    await enabledButton('Authorise future payments');

    // Each currency card, and the summary once chosen, say a cycle in that currency.
    const currencies = screen.getByRole('radiogroup', { name: 'Pay with' });
    expect(
      within(currencies)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual([expect.stringContaining('15 KDT'), expect.stringContaining('0.006 ETH')]);
    fireEvent.click(within(currencies).getByRole('radio', { name: /0\.006 ETH/ }));
    expect(summary.textContent).toContain('0.006 ETH');
  });

  it('names the subscription by its description, and offers only the currencies all its prices are in', async () => {
    const kdtOnly = price({ name: 'Support', type: 'recurring', currency_options: [], recurring: MONTHLY });
    const described = subscription({ description: 'Team plan' });
    api(setup({ subscriptions: [{ ...described, items: [...described.items, item(kdtOnly, 1)] }] }));
    renderKiosk(<CheckoutForm id={ID} />);
    const summary = await screen.findByRole('region', { name: 'Set up payment' });
    expect(within(summary).getByText('Team plan')).toBeTruthy();
    expect(summary.textContent).toContain('40 KDT');
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it("asks the buyer to authorise in this browser's wallet, has the server read the mandate, then says the payment method is saved", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const wallet = browserWallet();
    const base = setup();
    let current = base;
    const calls = api(base, {
      [SESSION]: () => current,
      [MANDATE]: () => jsonResponse(current, 202),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Authorise future payments'));
    const dialog = await authoriseDialog();
    expect(calls.calls(SUBMIT)[0]!.body).toMatchObject({ payment_method: 'pm_local', payment_currency: KDT });

    const terms = within(dialog).getByTestId('mandate-terms').textContent;
    expect(terms).toContain('15 KDT per month from the next payment; nothing is charged now');
    expect(terms).toContain(`You allow at most 15 KDT per month for up to 12 payments, to ${RECEIVER}.`);
    // The connect session is the setup action's, for this checkout and its customer.
    await waitFor(() => expect(calls.calls(TOKEN)).toHaveLength(1));
    expect(calls.calls(TOKEN)[0]!.body).toEqual({
      params: { checkoutSessionId: ID, sessionUserDid: BUYER_DID },
    });
    expect(calls.calls('POST /api/did/subscription/token')).toHaveLength(0);

    fireEvent.click(await within(dialog).findByRole('button', { name: /Authorise with/ }));
    await waitFor(() => expect(calls.calls(MANDATE)).toHaveLength(1));
    expect(wallet.sent).toEqual(
      mandate.calls.map((call) => ({ from: BUYER_ADDRESS, to: call.to, data: call.data })),
    );
    expect((await screen.findByTestId('checkout-paying')).textContent).toContain(
      'Saving your payment method…',
    );

    current = setup({ status: 'complete' });
    await advance(2_000);
    expect(await screen.findByRole('heading', { name: 'Payment method saved' })).toBeTruthy();
    expect(screen.getByText('Future invoices of “Kiosk Pro, Extra seat” are paid with it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View subscription' }).getAttribute('href')).toBe(
      `${window.location.origin}/customer/subscription/sub_1?livemode=false`,
    );
  });

  it('asks a buyer nobody has signed in as to connect first, also without the summary', async () => {
    api(setup(), {}, false);
    renderKiosk(<CheckoutForm id={ID} mode="inline-minimal" />);
    expect(await screen.findByRole('button', { name: 'Connect and authorise' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kiosk Pro, Extra seat');
    expect(screen.queryByRole('region', { name: 'Set up payment' })).toBeNull();
  });

  it('says it in Chinese', async () => {
    api(setup(), {}, false);
    const view = renderKiosk(<CheckoutForm id={ID} />, { locale: 'zh' });
    const summary = await screen.findByRole('region', { name: '设置付款方式' });
    expect(summary.textContent).toContain('15 KDT');
    expect(summary.textContent).toContain('每月');
    expect(summary.textContent).toContain('下次付款日期：2031年1月8日');
    expect(summary.textContent).toContain('现在不会扣款。');
    expect(await screen.findByRole('button', { name: '连接并授权' })).toBeTruthy();
    view.unmount();

    api(setup({ status: 'complete', subscriptions: [subscription({ description: 'Team plan' })] }));
    renderKiosk(<CheckoutForm id={ID} />, { locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '付款方式已保存' })).toBeTruthy();
    expect(screen.getByText('“Team plan”今后的账单将使用它支付。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看订阅' })).toBeTruthy();
  });
});
