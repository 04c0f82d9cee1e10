import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutEnvelope, CheckoutSession, Recurring } from '@kiosk/contracts';
import {
  envelope,
  jsonResponse,
  line,
  mockApi,
  price,
  enabledButton,
  renderKiosk,
  submitAnswer,
  checkoutRoutes,
  cleanUpKiosk,
} from '../test-support/index.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
// The form loads its rules on demand; loading them here keeps that time out of each test's waits.
import '@kiosk/core/customer-details';
import '@kiosk/core/phone';
import './summary/CustomAmountField.tsx';

const ID = 'cs_test0000001';
const EDIT = `/api/checkout-sessions/${ID}`;

type Routes = Record<string, (request: { body: unknown; url: URL }) => unknown>;

/** A signed-in buyer's checkout of `base`, with the routes given on top. */
function api(base: CheckoutEnvelope, routes: Routes = {}) {
  return mockApi({ ...checkoutRoutes(base), ...routes });
}

function summary() {
  return within(screen.getByRole('region', { name: 'Order summary' }));
}

const total = () => screen.getByTestId('checkout-total').textContent;

const monthly: Recurring = {
  interval: 'month',
  interval_count: 1,
  usage_type: 'licensed',
  proration_mode: 'prorate',
};
const yearly: Recurring = {
  interval: 'year',
  interval_count: 1,
  usage_type: 'licensed',
  proration_mode: 'prorate',
};
const proMonthly = price({
  id: 'price_pro_month',
  name: 'Pro',
  nickname: 'Monthly',
  type: 'recurring',
  unit_amount: '10000000',
  recurring: monthly,
  currency_options: [],
  upsell: { upsells_to_id: 'price_pro_year' },
});
const proYearly = price({
  id: 'price_pro_year',
  name: 'Pro',
  nickname: 'Yearly',
  type: 'recurring',
  unit_amount: '100000000',
  recurring: yearly,
  currency_options: [],
});
const sticker = price({ id: 'price_sticker', name: 'Sticker', unit_amount: '3000000' });

/** A pay-what-you-want line: 1 to 100 KDT, presets 5, 10 and 20 (10 is the middle one). */
const tip = price({
  id: 'price_tip',
  name: 'Tip',
  unit_amount: '0',
  currency_options: [],
  custom_unit_amount: {
    presets: ['5000000', '10000000', '20000000'],
    minimum: '1000000',
    maximum: '100000000',
    custom: true,
  },
});

function withSession(base: CheckoutEnvelope, session: Partial<CheckoutSession>): CheckoutSession {
  return { ...base.checkoutSession, ...session };
}

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('CheckoutForm upsell', () => {
  const offered = envelope({ line_items: [line(proMonthly, { upsell_price: proYearly })] });
  const upsold = withSession(offered, {
    line_items: [line(proYearly, { upsell_price: proMonthly, upsell_price_id: proMonthly.id })],
  });

  it('offers the yearly price with its saving, and switching sends the upsell and shows the new total', async () => {
    const calls = api(offered, { [`PUT ${EDIT}/upsell`]: () => upsold });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 10 KDT');
    const toggle = summary().getByRole<HTMLInputElement>('switch', { name: 'Switch to Yearly' });
    expect(toggle.checked).toBe(false);
    expect(summary().getByText('Save 17%')).toBeTruthy();

    fireEvent.click(toggle);
    await waitFor(() => expect(total()).toBe('100 KDT'));
    expect(calls.calls(`PUT ${EDIT}/upsell`).map((request) => request.body)).toEqual([
      { from: 'price_pro_month', to: 'price_pro_year' },
    ]);
    expect(summary().getByRole<HTMLInputElement>('switch', { name: 'Switch to Yearly' }).checked).toBe(true);
    expect(await enabledButton('Pay 100 KDT')).toBeTruthy();
  });

  it('keeps the edited order when a poll sent before the edit answers after it', async () => {
    let answerStalePoll = () => {};
    const calls = api(offered, {
      [`GET /api/checkout-sessions/retrieve/${ID}`]: () =>
        // The page's first read answers at once; the next poll is held and answers the order as it
        // was before the edit, once the edit has been answered.
        calls.calls(`GET /api/checkout-sessions/retrieve/${ID}`).length === 1
          ? offered
          : new Promise((resolve) => (answerStalePoll = () => resolve(offered))),
      [`PUT ${EDIT}/upsell`]: () => upsold,
    });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 10 KDT');
    // Coming back to the tab reads the session again (as a new observer of it mounting does).
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(calls.calls(`GET /api/checkout-sessions/retrieve/${ID}`)).toHaveLength(2));
    fireEvent.click(summary().getByRole('switch', { name: 'Switch to Yearly' }));
    await waitFor(() => expect(total()).toBe('100 KDT'));
    answerStalePoll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(total()).toBe('100 KDT');
  });

  it('switching back sends the downsell of the upsold price', async () => {
    const calls = api(envelope(upsold), { [`PUT ${EDIT}/downsell`]: () => offered.checkoutSession });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 100 KDT');
    fireEvent.click(summary().getByRole('switch', { name: 'Switch to Yearly' }));
    await waitFor(() => expect(total()).toBe('10 KDT'));
    expect(calls.calls(`PUT ${EDIT}/downsell`).map((request) => request.body)).toEqual([
      { from: 'price_pro_year' },
    ]);
    expect(calls.calls(`PUT ${EDIT}/upsell`)).toHaveLength(0);
  });

  it("shows a refused edit's error in a toast and keeps the order as it was", async () => {
    api(offered, {
      [`PUT ${EDIT}/upsell`]: () =>
        jsonResponse({ code: 'UPSELL_NOT_OFFERED', error: 'This upgrade is not offered for that item' }, 400),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 10 KDT');
    fireEvent.click(summary().getByRole('switch', { name: 'Switch to Yearly' }));
    const toast = await screen.findByText('This upgrade is not offered for that item');
    expect(toast.closest('[role="alert"]')).toBeTruthy();
    expect(total()).toBe('10 KDT');
  });
});

describe('CheckoutForm cross-sell', () => {
  const base = envelope();
  const added = withSession(base, {
    line_items: [...base.checkoutSession.line_items, line(sticker, { cross_sell: true })],
  });

  it('shows the offered item, adds it to the order, and removes it again', async () => {
    const calls = api(base, {
      [`GET ${EDIT}/cross-sell`]: () => sticker,
      [`PUT ${EDIT}/cross-sell`]: () => added,
      [`DELETE ${EDIT}/cross-sell`]: () => base.checkoutSession,
    });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 25 KDT');
    expect(await summary().findByText('You may also like')).toBeTruthy();
    expect(summary().getByText('Sticker')).toBeTruthy();
    expect(summary().getByText('3 KDT')).toBeTruthy();

    fireEvent.click(summary().getByRole('button', { name: 'Add to order' }));
    await waitFor(() => expect(total()).toBe('28 KDT'));
    expect(calls.calls(`PUT ${EDIT}/cross-sell`).map((request) => request.body)).toEqual([
      { to: 'price_sticker' },
    ]);
    // The offer is in the order now, so it is not offered again.
    expect(summary().queryByText('You may also like')).toBeNull();

    fireEvent.click(summary().getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(total()).toBe('25 KDT'));
    expect(calls.calls(`DELETE ${EDIT}/cross-sell`)).toHaveLength(1);
    expect(summary().getByText('You may also like')).toBeTruthy();
  });

  it('shows no offer when the server has none, by null or by a 404, and no Remove on ordinary lines', async () => {
    const notOffered = () =>
      jsonResponse({ code: 'CROSS_SELL_NOT_OFFERED', error: 'No extra item is offered for this order' }, 404);
    for (const answer of [() => null, notOffered]) {
      const calls = api(base, { [`GET ${EDIT}/cross-sell`]: answer });
      renderKiosk(<CheckoutForm id={ID} />);
      await enabledButton('Pay 25 KDT');
      await waitFor(() => expect(calls.calls(`GET ${EDIT}/cross-sell`)).toHaveLength(1));
      expect(screen.queryByText('You may also like')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add to order' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      cleanup();
    }
  });

  it('shakes the offer for 1 s when the submit answers REQUIRE_CROSS_SELL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const required = envelope({ cross_sell_behavior: 'required' });
    api(required, {
      [`GET ${EDIT}/cross-sell`]: () => sticker,
      [`PUT ${EDIT}/submit`]: () =>
        jsonResponse({ code: 'REQUIRE_CROSS_SELL', error: 'A cross-sell item is required' }, 400),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    const button = await enabledButton('Pay 25 KDT');
    const offer = (await summary().findByText('You may also like')).closest('div')!.parentElement!;
    expect(offer.hasAttribute('data-shaking')).toBe(false);
    expect(within(offer).getByText('Required')).toBeTruthy();

    fireEvent.click(button);
    await waitFor(() => expect(offer.getAttribute('data-shaking')).toBe('true'));
    expect(within(offer).getByRole('alert').textContent).toBe('Please add the recommended item to continue');
    // The area says it itself: no toast repeats the server's words.
    expect(screen.queryByText('A cross-sell item is required')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(offer.getAttribute('data-shaking')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(offer.hasAttribute('data-shaking')).toBe(false);
    expect(within(offer).queryByRole('alert')).toBeNull();
    expect(button.disabled).toBe(false);
  });
  it('says REQUIRE_CROSS_SELL in a toast where no offer is shown (a minimal layout)', async () => {
    api(envelope({ cross_sell_behavior: 'required' }), {
      [`GET ${EDIT}/cross-sell`]: () => sticker,
      [`PUT ${EDIT}/submit`]: () =>
        jsonResponse(
          { code: 'REQUIRE_CROSS_SELL', error: 'Please add the recommended item to continue' },
          400,
        ),
    });
    renderKiosk(<CheckoutForm id={ID} mode="inline-minimal" />);
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please add the recommended item to continue',
    );
    expect(screen.queryByText('You may also like')).toBeNull();
  });
});

describe('CheckoutForm custom amounts', () => {
  const base = envelope({ line_items: [line(tip)] });
  const answerWith = (request: { body: unknown }) =>
    withSession(base, {
      line_items: [line(tip, { custom_amount: (request.body as { amount: string }).amount })],
    });

  it('starts at the middle preset and sends a chosen preset in smallest units', async () => {
    const calls = api(base, { [`PUT ${EDIT}/amount`]: answerWith });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 10 KDT');
    const presets = within(summary().getByRole('group', { name: 'Suggested amounts' }));
    expect(presets.getByRole('button', { name: '10 KDT' }).getAttribute('aria-pressed')).toBe('true');
    expect(presets.getByRole('button', { name: '20 KDT' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(presets.getByRole('button', { name: '20 KDT' }));
    await waitFor(() => expect(total()).toBe('20 KDT'));
    expect(calls.calls(`PUT ${EDIT}/amount`).map((request) => request.body)).toEqual([
      { priceId: 'price_tip', amount: '20000000' },
    ]);
    expect(presets.getByRole('button', { name: '20 KDT' }).getAttribute('aria-pressed')).toBe('true');
    expect(summary().getByRole<HTMLInputElement>('textbox', { name: 'Amount (KDT)' }).value).toBe('20');
  });

  it('refuses a typed amount outside minimum and maximum without sending it', async () => {
    const calls = api(base, { [`PUT ${EDIT}/amount`]: answerWith });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 10 KDT');
    const field = summary().getByRole<HTMLInputElement>('textbox', { name: 'Amount (KDT)' });

    for (const typed of ['0.5', '150']) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect(await summary().findByText('Please enter an amount between 1 and 100')).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    fireEvent.change(field, { target: { value: '100' } });
    fireEvent.blur(field);
    await waitFor(() => expect(calls.calls(`PUT ${EDIT}/amount`)).toHaveLength(1));
    expect(calls.calls(`PUT ${EDIT}/amount`)[0]!.body).toEqual({ priceId: 'price_tip', amount: '100000000' });
    expect(summary().queryByText('Please enter an amount between 1 and 100')).toBeNull();
  });

  it('an amount the field refuses disables paying, and the button names no amount until one is valid', async () => {
    const donation = withSession(base, { submit_type: 'donate' });
    const donated = (request: { body: unknown }) => ({ ...answerWith(request), submit_type: 'donate' });
    const calls = api({ ...base, checkoutSession: donation }, { [`PUT ${EDIT}/amount`]: donated });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Donate 10 KDT');
    const field = summary().getByRole<HTMLInputElement>('textbox', { name: 'Amount (KDT)' });

    fireEvent.change(field, { target: { value: '250' } });
    // Typed but not yet sent: the button says no amount the order does not hold.
    expect(screen.queryByRole('button', { name: 'Donate 10 KDT' })).toBeNull();
    fireEvent.blur(field);
    expect(await summary().findByText('Please enter an amount between 1 and 100')).toBeTruthy();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Donate' });
    expect(button.disabled).toBe(true);
    expect(calls.calls(`PUT ${EDIT}/amount`)).toHaveLength(0);

    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.blur(field);
    await enabledButton('Donate 25 KDT');
    expect(total()).toBe('25 KDT');
  });

  it("refuses more decimals than the currency's maximum_precision", async () => {
    const calls = api(base, { [`PUT ${EDIT}/amount`]: answerWith });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 10 KDT');
    const field = summary().getByRole<HTMLInputElement>('textbox', { name: 'Amount (KDT)' });
    fireEvent.change(field, { target: { value: '12.345' } });
    fireEvent.blur(field);
    expect(await summary().findByText('Use at most 2 decimal places')).toBeTruthy();
    expect(calls.calls(`PUT ${EDIT}/amount`)).toHaveLength(0);
  });

  it('sends a valid typed amount when the field is left and when Enter is pressed', async () => {
    const calls = api(base, { [`PUT ${EDIT}/amount`]: answerWith });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 10 KDT');
    const field = summary().getByRole<HTMLInputElement>('textbox', { name: 'Amount (KDT)' });

    fireEvent.change(field, { target: { value: '12.5' } });
    fireEvent.blur(field);
    await waitFor(() => expect(total()).toBe('12.5 KDT'));

    fireEvent.change(field, { target: { value: '7' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(total()).toBe('7 KDT'));
    expect(calls.calls(`PUT ${EDIT}/amount`).map((request) => request.body)).toEqual([
      { priceId: 'price_tip', amount: '12500000' },
      { priceId: 'price_tip', amount: '7000000' },
    ]);
    // Leaving the field unchanged sends nothing again.
    await waitFor(() => expect(field.disabled).toBe(false));
    await act(async () => {
      fireEvent.blur(field);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(calls.calls(`PUT ${EDIT}/amount`)).toHaveLength(2);
  });
});

describe('CheckoutForm quantity limits', () => {
  it('names a line over its purchase limit or its stock and disables paying', async () => {
    const limited = price({ name: 'Limited print', quantity_limit_per_checkout: 2 });
    const scarce = price({ name: 'Last copies', quantity_available: 5, quantity_sold: 4 });
    api(
      envelope({
        line_items: [line(limited, { quantity: 3 }), line(scarce, { quantity: 2 })],
      }),
    );
    renderKiosk(<CheckoutForm id={ID} />);
    await screen.findByRole('radiogroup', { name: 'Pay with' });
    const items = summary().getAllByRole('listitem');
    expect(within(items[0]!).getByRole('alert').textContent).toBe('Exceed purchase limit');
    expect(within(items[1]!).getByRole('alert').textContent).toBe('Exceed inventory');
    // The currencies come with the order; the signed-in buyer's label once the session answers.
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Pay 125 KDT' });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('Ada Lovelace'),
    );
    expect(button.disabled).toBe(true);
  });

  it('lets a line within its limits be paid', async () => {
    const limited = price({ name: 'Limited print', quantity_limit_per_checkout: 2 });
    const scarce = price({ name: 'Last copies', quantity_available: 5, quantity_sold: 4 });
    api(envelope({ line_items: [line(limited, { quantity: 2 }), line(scarce, { quantity: 1 })] }));
    renderKiosk(<CheckoutForm id={ID} />);
    expect(await enabledButton('Pay 75 KDT')).toBeTruthy();
    expect(summary().queryByRole('alert')).toBeNull();
  });
});

describe('CheckoutForm while paying', () => {
  it('locks the order edits and the currencies once the payment is on its way', async () => {
    const base = envelope({
      line_items: [line(proMonthly, { upsell_price: proYearly }), line(tip)],
    });
    const calls = api(base, {
      [`GET ${EDIT}/cross-sell`]: () => sticker,
      [`PUT ${EDIT}/submit`]: () => submitAnswer(base, '20000000'),
      'POST /api/did/payment/token': () => ({
        token: 'tok',
        secret: 'sec',
        auth_url: 'http://x/a',
        deep_link: 'kiosk://connect?url=x',
        expires_at: 1,
      }),
      'GET /api/did/payment/status': () => ({ status: 'created' }),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    const button = await enabledButton('Pay 20 KDT');
    await summary().findByText('You may also like');

    // Everything the buyer could change, found before the dialog hides the page from the a11y tree.
    const region = summary();
    const controls = [
      region.getByRole<HTMLInputElement>('switch', { name: 'Switch to Yearly' }),
      region.getByRole<HTMLButtonElement>('button', { name: 'Add to order' }),
      region.getByRole<HTMLInputElement>('textbox', { name: 'Amount (KDT)' }),
      ...within(screen.getByRole('radiogroup', { name: 'Pay with' })).getAllByRole<HTMLButtonElement>(
        'radio',
      ),
    ];
    const preset = region.getByRole('button', { name: '5 KDT' });
    expect(controls.map((control) => control.disabled)).toEqual(controls.map(() => false));
    expect(preset.getAttribute('aria-disabled')).toBeNull();

    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Pay 20 KDT' })).toBeTruthy();
    expect(controls.map((control) => control.disabled)).toEqual(controls.map(() => true));
    expect(preset.getAttribute('aria-disabled')).toBe('true');

    // A click that slips through sends nothing.
    await act(async () => {
      fireEvent.click(preset);
    });
    expect(calls.calls(`PUT ${EDIT}/amount`)).toHaveLength(0);
    expect(calls.calls(`PUT ${EDIT}/upsell`)).toHaveLength(0);
  });
});
