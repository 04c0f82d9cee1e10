import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KDT,
  checkoutRoutes,
  cleanUpKiosk,
  enabledButton,
  envelope,
  jsonResponse,
  renderKiosk,
  submitAnswer,
} from '../test-support/index.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import { checkoutEvents } from './checkout-events.ts';
import {
  OVERDUE_START,
  injectWallet,
  mockOverdueApi,
  overdueInvoice,
} from '../test-support/past-due-fixtures.ts';
// The form loads its rules on demand; loading them here keeps that time out of each test's waits.
import '@kiosk/core/customer-details';

const ID = 'cs_test0000001';
const SUBMIT = `PUT /api/checkout-sessions/${ID}/submit`;
const LIMITED = {
  code: 'CUSTOMER_LIMITED',
  error: 'You have overdue invoices: pay them to make new purchases',
};

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('CheckoutForm and overdue invoices', () => {
  it('a submit refused CUSTOMER_LIMITED opens the past-due dialog, no toast; once paid the submission is sent again', async () => {
    const base = envelope();
    let limited = true;
    const calls = mockOverdueApi([overdueInvoice('in_9', KDT, '10000000')], {
      ...checkoutRoutes(base),
      [SUBMIT]: () => (limited ? jsonResponse(LIMITED, 403) : submitAnswer(base)),
      'POST /api/did/payment/token': () => jsonResponse({ code: 'NOPE', error: 'not in this test' }, 400),
    });
    injectWallet();
    const broadcast = vi.fn();
    checkoutEvents.addEventListener('error.CUSTOMER_LIMITED', broadcast);
    renderKiosk(<CheckoutForm id={ID} />);
    // The file's first form draws every part cold: a busy machine needs the time.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Ada Lovelace'), {
      timeout: 5000,
    });
    fireEvent.click(await enabledButton('Pay 25 KDT'));

    const dialog = await screen.findByRole('dialog', { name: 'Pay your overdue invoices' });
    // Seed 000 §8: no toast says the refusal; host pages still hear it.
    expect(screen.queryByText(LIMITED.error)).toBeNull();
    expect(broadcast).toHaveBeenCalledTimes(1);
    checkoutEvents.removeEventListener('error.CUSTOMER_LIMITED', broadcast);
    expect(calls.calls(SUBMIT)).toHaveLength(1);

    limited = false;
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay 10 KDT' }));
    const choose = await screen.findByRole('dialog', { name: 'Pay 10 KDT' });
    fireEvent.click(await within(choose).findByRole('button', { name: /^Pay with / }));
    // Paid, the dialog goes and the purchase is submitted again: its own pay dialog opens.
    await screen.findByRole('dialog', { name: 'Pay 25 KDT' }, { timeout: 3_000 });
    expect(screen.queryByRole('dialog', { name: 'Pay your overdue invoices' })).toBeNull();
    expect(calls.calls(SUBMIT)).toHaveLength(2);
    expect(calls.calls(SUBMIT)[1]!.body).toEqual(calls.calls(SUBMIT)[0]!.body);
    expect(calls.calls(OVERDUE_START)[0]!.body).toEqual({ currency_id: KDT, customer_id: 'cus_1' });
  }, 15_000);

  it('closing the dialog sends nothing; the next submit opens it again', async () => {
    const base = envelope();
    const calls = mockOverdueApi([overdueInvoice('in_9', KDT, '10000000')], {
      ...checkoutRoutes(base),
      [SUBMIT]: () => jsonResponse(LIMITED, 403),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    // The file's first form draws every part cold: a busy machine needs the time.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Ada Lovelace'), {
      timeout: 5000,
    });
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls(SUBMIT)).toHaveLength(1);
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    await screen.findByRole('dialog', { name: 'Pay your overdue invoices' });
    expect(calls.calls(SUBMIT)).toHaveLength(2);
  }, 15_000);
});
