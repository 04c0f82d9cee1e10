import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExpandedPrice, PlanOption, Subscription } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import {
  BUYER_ADDRESS,
  envelope,
  jsonResponse,
  line,
  mockApi,
  paymentIntent,
  price,
  settings,
  type ApiHandler,
} from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';
import { invoice, monthly, NOW, subscription } from './portal-test-fixtures.ts';

const list = <T,>(items: T[]) => ({ list: items, count: items.length });
const PAGE = '/customer/subscription/sub_1?livemode=false';
const TX = `0x${'cd'.repeat(32)}`;
const recurring = monthly.recurring;

/** Prices of the subscription's product (Pro plan, 1 KDT a month is the one it is on). */
const plan = (id: string, nickname: string, unit_amount: string): ExpandedPrice =>
  price({ id, name: 'Pro plan', nickname, unit_amount, currency_options: [], recurring, type: 'recurring' });
const basic = plan('price_basic', 'Basic', '500000');
const premium = plan('price_premium', 'Premium', '2000000');
const team = plan('price_team', 'Team', '5000000');

function option(of: ExpandedPrice, overrides: Partial<PlanOption> = {}): PlanOption {
  return {
    price: of,
    product_name: 'Pro plan',
    current: false,
    cycle_amount: of.unit_amount,
    amount_due: '0',
    credit: '0',
    proration_mode: 'prorate',
    unavailable: null,
    ...overrides,
  };
}

/** What GET …/plans answers for a subscription on Pro plan (cheapest first, as the server sorts). */
const OPTIONS = [
  option(basic, { credit: '250000' }),
  option(monthly, { current: true }),
  option(premium, { amount_due: '500000' }),
  option(team, {
    unavailable: {
      code: 'MANDATE_TOO_LOW',
      error: 'Your authorisation covers at most 1 KDT per cycle: authorise again',
    },
  }),
];

const itemOf = (of: ExpandedPrice): Subscription['items'][number] => ({
  ...subscription().items[0]!,
  id: `si_${of.id}`,
  price_id: of.id,
  price: of,
});

const changeInvoice = invoice({
  id: 'in_plan',
  number: 'KSK-PLAN',
  status: 'open',
  billing_reason: 'subscription_update',
  total: '500000',
  amount_due: '500000',
  amount_paid: '0',
  amount_remaining: '500000',
  // Aimed at the intent the customer pays (a saved card's has none: the server charges it).
  payment_intent_id: 'pi_plan',
});

/**
 * The API around one subscription: a plan change applies at once when nothing is due, else waits
 * (`pending_update`) until the transfer of its intent is named.
 */
function api(start: Subscription, overrides: Record<string, ApiHandler> = {}) {
  let current = start;
  /** A dearer plan's change as it waits: its invoice and how to pay it. */
  const waitingAnswer = () => ({
    subscription: current,
    invoice: changeInvoice,
    paymentIntent: paymentIntent({ id: 'pi_plan', amount: '500000', invoice_id: 'in_plan' }),
    paymentInstructions: {
      type: 'evm_transfer',
      chain_id: 31337,
      to: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
      token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      amount: '500000',
      currency_id: 'pc_kdt',
      decimal: 6,
      symbol: 'KDT',
    },
    credit: '0',
  });
  return mockApi({
    // The wallet pays from the signed-in customer's account (another one's transfer would not count).
    'GET /api/session': () =>
      signedIn(
        userWithRoles(['member'], { did: `did:pkh:eip155:1:${BUYER_ADDRESS}`, address: BUYER_ADDRESS }),
      ),
    'GET /api/settings': () => settings(),
    'GET /api/subscriptions/sub_1': () => current,
    'GET /api/subscriptions/sub_1/plans': () => ({
      list: OPTIONS.map((one) => ({ ...one, current: one.price.id === current.items[0]!.price_id })),
    }),
    'GET /api/invoices': () => list([invoice()]),
    'GET /api/invoices/in_plan': () => changeInvoice,
    'GET /api/checkout-sessions/retrieve/cs_test0000001': () => envelope({ line_items: [line(monthly)] }),
    'PUT /api/subscriptions/sub_1': ({ body }) => {
      const items = (body as { items: { price_id: string; quantity: number }[] }).items;
      const to = [basic, premium, monthly].find((one) => one.id === items[0]!.price_id)!;
      if (to === basic) {
        current = { ...current, items: [itemOf(basic)] };
        return {
          subscription: current,
          invoice: null,
          paymentIntent: null,
          paymentInstructions: null,
          credit: '250000',
        };
      }
      current = { ...current, pending_update: { items, invoice_id: 'in_plan' } };
      return waitingAnswer();
    },
    'GET /api/subscriptions/sub_1/pending-update': () =>
      current.pending_update
        ? waitingAnswer()
        : jsonResponse(
            { code: 'PLAN_CHANGE_NOT_WAITING', error: 'No plan change is waiting for payment' },
            404,
          ),
    // The `collect` connect session, which the test wallet answers by paying the invoice.
    'POST /api/did/collect/token': () => ({
      token: 'tok_collect',
      secret: 'sec',
      auth_url: 'http://wallet.local/a',
      deep_link: 'kiosk://connect?url=x',
      expires_at: 9_999_999_999,
    }),
    'GET /api/did/collect/status': () =>
      current.pending_update
        ? { status: 'created' }
        : { status: 'succeeded', did: `did:pkh:eip155:1:${BUYER_ADDRESS}` },
    'POST /api/test-wallet/connect': () => {
      current = { ...current, pending_update: null, items: [itemOf(premium)] };
      return { ok: true };
    },
    'POST /api/payment-intents/pi_plan/pay': () => {
      // The server settles the transfer and makes the waiting change.
      current = { ...current, pending_update: null, items: [itemOf(premium)] };
      return jsonResponse(paymentIntent({ id: 'pi_plan', status: 'processing' }), 202);
    },
    ...overrides,
  });
}

function injectWallet() {
  vi.stubGlobal('ethereum', {
    request: async ({ method: name }: { method: string }) => {
      if (name === 'eth_requestAccounts') return [BUYER_ADDRESS];
      if (name === 'eth_chainId') return '0x7a69';
      if (name === 'eth_sendTransaction') return TX;
      throw new Error(`unexpected ${name}`);
    },
  });
}

/** Narrow screens: every media query of the theme's `down(…)` kind matches. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

async function openDialog(name = 'Change plan', title = 'Change your plan') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: title });
}

const label = (radio: HTMLElement) =>
  document.getElementById(radio.getAttribute('aria-labelledby')!)!.textContent;
const description = (radio: HTMLElement) =>
  document.getElementById(radio.getAttribute('aria-describedby')!)!.textContent;

beforeAll(async () => {
  // The page waits for the session, then the subscription and the currencies: on a busy machine, over 1 s.
  configure({ asyncUtilTimeout: 5_000 });
  await import('./SubscriptionPage.tsx');
});
beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal('WebSocket', undefined);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('Change plan', { timeout: 20_000 }, () => {
  it('lists the plans cheapest first, each with its cycle price and what changing to it does now', async () => {
    api(subscription());
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map(label)).toEqual([
      'Pro plan · Basic',
      'Pro plan',
      'Pro plan · Premium',
      'Pro plan · Team',
    ]);
    expect(radios.map(description)).toEqual([
      '0.5 KDT per month0.25 KDT credit on your next invoice',
      '1 KDT per month',
      '2 KDT per monthYou pay 0.5 KDT now',
      '5 KDT per monthYour authorisation covers at most 1 KDT per cycle: authorise again',
    ]);
    expect(within(dialog).getByRole('radio', { name: 'Pro plan · Basic' })).toBeTruthy();
    expect(within(dialog).getByRole('radiogroup', { name: 'Plans' })).toBeTruthy();
  });

  it('marks the current plan and cannot choose it, nor a plan the server would refuse', async () => {
    api(subscription());
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    const current = within(dialog).getByRole('radio', { name: 'Pro plan' }) as HTMLInputElement;
    expect(current.disabled).toBe(true);
    expect(within(screen.getByTestId('plan-price_monthly')).getByText('Current plan')).toBeTruthy();
    const refused = within(dialog).getByRole('radio', { name: 'Pro plan · Team' }) as HTMLInputElement;
    expect(refused.disabled).toBe(true);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm change' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    // jsdom still dispatches a click to a disabled input; the choice it would make is not taken.
    fireEvent.click(refused);
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pro plan · Basic' }));
    expect(confirm.disabled).toBe(false);
  });

  it('changes to a cheaper plan at once, says the credit and reads the subscription and invoices again', async () => {
    const calls = api(subscription());
    renderRoutesAt(PAGE, routes);
    await screen.findByRole('table', { name: 'Invoices of this subscription' });
    const invoiceReads = calls.calls('GET /api/invoices').length;
    const planReads = calls.calls('GET /api/subscriptions/sub_1/plans').length;
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pro plan · Basic' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm change' }));

    const outcome = await screen.findByText('Your plan changed. 0.25 KDT credit goes on your next invoice.');
    const put = calls.calls('PUT /api/subscriptions/sub_1');
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toEqual({ items: [{ price_id: 'price_basic', quantity: 1 }] });
    expect(put[0]!.url.searchParams.get('livemode')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(outcome.closest('[role="status"]')));
    await waitFor(() => expect(calls.calls('GET /api/invoices').length).toBeGreaterThan(invoiceReads));
    await waitFor(() =>
      expect(calls.calls('GET /api/subscriptions/sub_1/plans').length).toBeGreaterThan(planReads),
    );
    // The page shows the new plan at once, from the answer.
    expect(within(screen.getByRole('region', { name: 'Items' })).getByText('Pro plan · Basic')).toBeTruthy();
  });

  it('pays a dearer plan from the wallet, names the transfer and says the plan changed once it settled', async () => {
    const calls = api(subscription());
    injectWallet();
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pro plan · Premium' }));
    const confirm = within(dialog).getByRole('button', { name: 'Confirm change' });
    confirm.focus();
    fireEvent.click(confirm);

    expect(await screen.findByRole('dialog', { name: 'Pay for your new plan' })).toBe(dialog);
    // Confirm is gone with the choice: focus goes to the step's own action, not to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Pay 0.5 KDT' })),
    );
    expect(
      within(dialog).getByText(/^Pay 0\.5 KDT to change to Pro plan · Premium\. The new plan starts once/),
    ).toBeTruthy();
    expect(calls.calls('PUT /api/subscriptions/sub_1')[0]!.body).toEqual({
      items: [{ price_id: 'price_premium', quantity: 1 }],
    });
    // Until it is paid the change waits, and the page says so.
    expect(await screen.findByTestId('pending-plan-change')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 0.5 KDT' }));
    // The wallet's transfer, its receipt and the settled answer: a busy machine needs the time.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    expect(await screen.findByText('Your plan changed')).toBeTruthy();
    const named = calls.calls('POST /api/payment-intents/pi_plan/pay');
    expect(named).toHaveLength(1);
    expect(named[0]!.body).toEqual({ tx_hash: TX });
    expect(named[0]!.url.searchParams.get('livemode')).toBe('false');
    expect(screen.queryByTestId('pending-plan-change')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Items' })).getByText('Pro plan · Premium'),
    ).toBeTruthy();
  });

  it('follows a dearer plan charged to a saved card: charging, then changed; a decline says why and when it is tried again', async () => {
    let reads = 0;
    let declined = false;
    const charged = { ...changeInvoice, payment_intent_id: null };
    const calls = api(subscription(), {
      'PUT /api/subscriptions/sub_1': ({ body }) => {
        const items = (body as { items: { price_id: string; quantity: number }[] }).items;
        current = { ...current, pending_update: { items, invoice_id: 'in_plan' } };
        return {
          subscription: current,
          invoice: charged,
          paymentIntent: null,
          paymentInstructions: null,
          credit: '0',
        };
      },
      'GET /api/subscriptions/sub_1': () => current,
      // Read while the server charges the card: open, then paid (the change made) or declined.
      'GET /api/invoices/in_plan': () => {
        reads += 1;
        if (reads < 3) return charged;
        if (declined)
          return {
            ...charged,
            attempt_count: 1,
            last_payment_error: { code: 'CARD_DECLINED' },
            next_payment_attempt: NOW + 86_400,
          };
        current = { ...current, pending_update: null, items: [itemOf(premium)] };
        return { ...charged, status: 'paid', amount_paid: '500000', amount_remaining: '0' };
      },
    });
    let current = subscription();
    renderRoutesAt(PAGE, routes);
    let dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pro plan · Premium' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    expect(
      await within(dialog).findByText(/^0\.5 KDT for Pro plan · Premium is being charged to your saved card/),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('plan-payment-status').textContent).toBe('Charging your card…');
    // No wallet, no Pay: the server charges the card.
    expect(within(dialog).queryByRole('button', { name: /Pay/ })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    expect(await screen.findByText('Your plan changed')).toBeTruthy();
    expect(calls.calls('POST /api/payment-intents/pi_plan/pay')).toHaveLength(0);

    cleanup();
    reads = 0;
    declined = true;
    current = subscription();
    renderRoutesAt(PAGE, routes);
    dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pro plan · Premium' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    const failure = await within(dialog).findByText(/^Your card was declined\./, {}, { timeout: 10_000 });
    expect(failure.textContent).toMatch(/Your current plan continues\. Your card will be tried again on /);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // The page says the change waits for the card, with nothing to pay here.
    const notice = await screen.findByTestId('pending-plan-change');
    await waitFor(() => expect(notice.textContent).toMatch(/once 0\.5 KDT is charged to your saved card/));
    expect(within(notice).queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('says a waiting change with its amount, and Pay now resumes its payment', async () => {
    const calls = api(
      subscription({
        pending_update: { items: [{ price_id: 'price_premium', quantity: 1 }], invoice_id: 'in_plan' },
      }),
    );
    injectWallet();
    renderRoutesAt(PAGE, routes);
    const notice = await screen.findByTestId('pending-plan-change');
    expect(
      await within(notice).findByText(
        'Your new plan starts once 0.5 KDT is paid. Until then your current plan continues.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Pay now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay for your new plan' });
    // The waiting invoice is paid as it is: asking for the change again would void it for a new one.
    expect(calls.calls('GET /api/subscriptions/sub_1/pending-update')).toHaveLength(1);
    expect(calls.calls('PUT /api/subscriptions/sub_1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 0.5 KDT' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Your plan changed')).toBeTruthy();
    expect(calls.calls('POST /api/payment-intents/pi_plan/pay')[0]!.body).toEqual({ tx_hash: TX });
    expect(screen.queryByTestId('pending-plan-change')).toBeNull();
  });

  it('pays a waiting change from a wallet elsewhere through the collect connect session (here the test wallet)', async () => {
    const calls = api(
      subscription({
        pending_update: { items: [{ price_id: 'price_premium', quantity: 1 }], invoice_id: 'in_plan' },
      }),
    );
    renderRoutesAt(PAGE, routes);
    const notice = await screen.findByTestId('pending-plan-change');
    fireEvent.click(within(notice).getByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for your new plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay from another wallet' }));
    const choose = await screen.findByRole('dialog', { name: 'Pay 0.5 KDT' });
    fireEvent.click(await within(choose).findByRole('button', { name: 'Test wallet' }));
    expect(await screen.findByText('Your plan changed', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('pending-plan-change')).toBeNull();
    // Seed 000 §7: the invoice, for the signed-in customer; nothing was sent from this browser.
    expect(calls.calls('POST /api/did/collect/token')[0]!.body).toEqual({
      params: { invoiceId: 'in_plan', sessionUserDid: `did:pkh:eip155:1:${BUYER_ADDRESS}` },
    });
    expect(calls.calls('POST /api/payment-intents/pi_plan/pay')).toHaveLength(0);
  });

  it("keeps the dialog open with the server's reason when a change is refused", async () => {
    api(subscription(), {
      'PUT /api/subscriptions/sub_1': () =>
        jsonResponse({ code: 'PLAN_UPDATE_UNAVAILABLE', error: 'Plan updates are not available' }, 409),
    });
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pro plan · Basic' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to upgrade your subscriptionPlan updates are not available');
    expect(within(dialog).getByRole('button', { name: 'Confirm change' })).toBeTruthy();
  });

  it('offers no change to a canceled subscription, nor when the only plan is the current one', async () => {
    const calls = api(subscription({ status: 'canceled', ended_at: NOW, canceled_at: NOW }));
    renderRoutesAt(PAGE, routes);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Change plan' })).toBeNull();
    expect(calls.calls('GET /api/subscriptions/sub_1/plans')).toHaveLength(0);
    cleanup();

    const only = api(subscription(), {
      'GET /api/subscriptions/sub_1/plans': () => ({ list: [option(monthly, { current: true })] }),
    });
    renderRoutesAt(PAGE, routes);
    await screen.findByRole('button', { name: 'Cancel subscription' });
    await waitFor(() => expect(only.calls('GET /api/subscriptions/sub_1/plans')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Change plan' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    api(subscription());
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    const dialog = await openDialog('更改套餐', '更改您的套餐');
    expect(within(dialog).getByText('每月 0.5 KDT')).toBeTruthy();
    expect(within(dialog).getByText('0.25 KDT 将抵扣您的下一张账单')).toBeTruthy();
    expect(within(dialog).getByText('现在需支付 0.5 KDT')).toBeTruthy();
    expect(within(dialog).getByText('当前套餐')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '确认更改' })).toBeTruthy();
  });

  it('fills a phone screen with the dialog', async () => {
    onAPhone();
    api(subscription());
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
  });
});
