import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutEnvelope } from '@kiosk/contracts';
import {
  BUYER_DID,
  envelope,
  line,
  mockApi,
  price,
  enabledButton,
  renderKiosk,
  checkoutRoutes,
  cleanUpKiosk,
} from '../test-support/index.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import { randomDonation } from './summary/donation-amount.ts';
// The amount field loads on demand; loading it here keeps that time out of each test's waits.
import './summary/CustomAmountField.tsx';

/**
 * The donation form (seed 000 §2, §9): preset cards, the middle one first; a random amount from the
 * largest preset up to 5 times it, drawn over 800 ms; the donor's last amount remembered per user.
 */

const ID = 'cs_test0000001';
const AMOUNT = `PUT /api/checkout-sessions/${ID}/amount`;
const KEY = `kiosk:donation-amount:${BUYER_DID}`;

/** 1 to 100 KDT, presets 5, 10 and 20 (10 is the middle one). */
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
const base = envelope({ line_items: [line(tip)], submit_type: 'donate' });
const answerWith = (request: { body: unknown }) => ({
  ...base.checkoutSession,
  line_items: [line(tip, { custom_amount: (request.body as { amount: string }).amount })],
});

function api(start: CheckoutEnvelope = base) {
  return mockApi({ ...checkoutRoutes(start), [AMOUNT]: answerWith });
}
const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));
const field = () => summary().getByRole<HTMLInputElement>('textbox', { name: 'Amount (KDT)' });

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('the donation form', () => {
  it('shows the presets as cards, the middle one chosen, and remembers the one the donor picks', async () => {
    const calls = api();
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Donate 10 KDT');
    const cards = within(summary().getByRole('group', { name: 'Suggested amounts' }));
    expect(cards.getByRole('button', { name: '10 KDT' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(cards.getByRole('button', { name: '20 KDT' }));
    await enabledButton('Donate 20 KDT');
    expect(calls.calls(AMOUNT).map((request) => request.body)).toEqual([
      { priceId: 'price_tip', amount: '20000000' },
    ]);
    expect(window.localStorage.getItem(KEY)).toBe('20000000');
  });

  it("opens at the donor's remembered amount, and never at one this link refuses", async () => {
    window.localStorage.setItem(KEY, '35000000');
    let calls = api();
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Donate 35 KDT');
    expect(field().value).toBe('35');
    expect(calls.calls(AMOUNT).map((request) => request.body)).toEqual([
      { priceId: 'price_tip', amount: '35000000' },
    ]);
    cleanUpKiosk();

    window.localStorage.setItem(KEY, '500000000'); // 500 KDT: above this link's maximum
    vi.stubGlobal('WebSocket', undefined);
    calls = api();
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Donate 10 KDT');
    expect(calls.calls(AMOUNT)).toHaveLength(0);
  });

  it("offers the presets alone where no amount of the donor's own is allowed, nor restores one", async () => {
    window.localStorage.setItem(KEY, '35000000');
    const presetsOnly = { ...tip, custom_unit_amount: { ...tip.custom_unit_amount!, custom: false } };
    const calls = api(envelope({ line_items: [line(presetsOnly)], submit_type: 'donate' }));
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Donate 10 KDT');
    const cards = within(summary().getByRole('group', { name: 'Suggested amounts' }));
    expect(cards.getAllByRole('button')).toHaveLength(3);
    expect(summary().queryByRole('textbox')).toBeNull();
    expect(summary().queryByRole('button', { name: 'Random amount' })).toBeNull();
    expect(calls.calls(AMOUNT)).toHaveLength(0);
  });

  it('draws a random amount over 800 ms, from the largest preset up to 5 times it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = api();
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Donate 10 KDT');
    fireEvent.click(summary().getByRole('button', { name: 'Random amount' }));
    expect(field().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(calls.calls(AMOUNT)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(450));
    await waitFor(() => expect(calls.calls(AMOUNT)).toHaveLength(1));
    const drawn = BigInt((calls.calls(AMOUNT)[0]!.body as { amount: string }).amount);
    expect(drawn >= 20_000_000n && drawn <= 100_000_000n).toBe(true);
    expect(field().disabled).toBe(false);
  });
});

describe('randomDonation', () => {
  const kdt = { decimal: 6, maximum_precision: 2 };
  const custom = { presets: ['1000000', '5000000', '10000000'], minimum: '10000' };

  it('spans the largest preset to 5 times it, in the currency’s steps', () => {
    expect(randomDonation(custom, kdt, 0)).toBe(10_000_000n);
    expect(randomDonation(custom, kdt, 0.999_999_999)).toBe(50_000_000n);
    expect(randomDonation(custom, kdt, 0.5) % 10_000n).toBe(0n);
  });

  it('stays under the maximum, and within it when the largest preset is above it', () => {
    expect(randomDonation({ ...custom, maximum: '30000000' }, kdt, 0.999_999_999)).toBe(30_000_000n);
    expect(randomDonation({ ...custom, maximum: '8000000' }, kdt, 0)).toBe(10_000n);
    expect(randomDonation({ ...custom, maximum: '8000000' }, kdt, 0.999_999_999)).toBe(8_000_000n);
  });
});
