import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutEnvelope, PublicPaymentMethod, SubmitAnswer } from '@kiosk/contracts';
import {
  checkoutRoutes,
  cleanUpKiosk,
  customer,
  enabledButton,
  envelope,
  jsonResponse,
  line,
  mockApi,
  paymentMethod,
  price,
  renderKiosk,
  submitAnswer,
  type ApiHandler,
} from '../test-support/index.ts';
import { useForm } from 'react-hook-form';
import { CARD_FORM_DELAY_MS, CardStep } from './card/CardStep.tsx';
import { installFakeStripe, type FakeStripe } from './card/test-support/fake-stripe.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import { payableCurrencies } from './order-view.ts';
import type { CardContext, CardInstructions, PayState } from './pay-flow.ts';
import { initialValues, type CustomerFormValues } from './payment/customer-form.ts';
// Loaded here, so that each test's waits do not include loading them.
import '@kiosk/core/customer-details';
import './card/CardDialog.tsx';

const ID = 'cs_test0000001';
const SESSION = `GET /api/checkout-sessions/retrieve/${ID}`;
const SUBMIT = `PUT /api/checkout-sessions/${ID}/submit`;
const PAY = `POST /api/checkout-sessions/${ID}/pay`;
const USD = 'pc_usd';
const JS_URL = 'http://127.0.0.1:9/v3/';
const SECRET = 'pi_3Card_secret_abc';

/** A card method as the server offers it when pointed at the local emulator. */
function cardMethod(
  settings: Record<string, unknown> = { publishable_key: 'pk_test_kiosk', js_url: JS_URL },
) {
  const method: PublicPaymentMethod = paymentMethod({
    id: 'pm_card',
    type: 'stripe',
    name: 'Card',
    settings,
    default_currency_id: USD,
  });
  const usd = { ...method.payment_currencies[0]!, id: USD, name: 'US dollar', symbol: 'USD', decimal: 2 };
  return { ...method, payment_currencies: [{ ...usd, maximum_precision: 2, contract: null }] };
}

function cardEnvelope(session: Parameters<typeof envelope>[0] = {}, method = cardMethod()): CheckoutEnvelope {
  const poster = price({ currency_id: USD, unit_amount: '2500', currency_options: [] });
  return envelope(
    {
      currency_id: USD,
      line_items: [line(poster)],
      amount_subtotal: '2500',
      amount_total: '2500',
      ...session,
    },
    { paymentMethods: [method] },
  );
}

function cardAnswer(base: CheckoutEnvelope, status = 'requires_payment_method'): SubmitAnswer {
  return {
    ...submitAnswer(base),
    paymentInstructions: { type: 'card', amount: '2500', currency_id: USD, decimal: 2, symbol: 'USD' },
    stripeContext: { client_secret: SECRET, intent_type: 'payment_intent', status },
  };
}

function api(base: CheckoutEnvelope, routes: Record<string, ApiHandler> = {}) {
  return mockApi({
    ...checkoutRoutes(base),
    [SUBMIT]: () => cardAnswer(base),
    [PAY]: () => jsonResponse(base, 202),
    ...routes,
  });
}

/** The checkout's pay button, once the buyer's details are in (the file's first form draws cold: slow). */
async function payButton(name = 'Pay 25 USD', field = /^Name/) {
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(field).value).toBe('Ada Lovelace'), {
    timeout: 3_000,
  });
  return enabledButton(name);
}

/** The card form once Stripe's element says it is shown, and the card typed in full. */
async function cardForm(stripe: FakeStripe, name = 'Pay 25 USD by card') {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(stripe.input()).toBeDefined());
  act(() => stripe.emit('ready'));
  act(() => stripe.emit('change', { elementType: 'payment', complete: true, empty: false }));
  return dialog;
}

const DECLINED = {
  error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    payment_intent: { id: 'pi_3Card', status: 'requires_payment_method' },
  },
};

let stripe: FakeStripe;
beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
  stripe = installFakeStripe();
});
afterEach(cleanUpKiosk);

describe('CheckoutForm with a card (seed 000 §4)', () => {
  it("opens the card form after submit with the payment's client secret, in the page's look and language", async () => {
    api(cardEnvelope());
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Pay 25 USD by card' });
    // A skeleton while Stripe.js and the element load.
    expect(within(dialog).getByRole('status', { name: 'Loading the card form' })).toBeTruthy();
    await waitFor(() => expect(stripe.input()).toBeDefined());
    expect(stripe.publishableKeys).toEqual(['pk_test_kiosk']);
    expect(stripe.elementsOptions[0]).toMatchObject({
      clientSecret: SECRET,
      locale: 'en',
      appearance: { variables: { colorPrimary: expect.stringMatching(/^#/) } },
    });
    // Seed 000 §5: without address collection, only the postal code (and a country the buyer has not chosen).
    expect(stripe.elementOptions[0]).toEqual({
      fields: {
        billingDetails: {
          address: {
            country: 'auto',
            postalCode: 'auto',
            line1: 'never',
            line2: 'never',
            city: 'never',
            state: 'never',
          },
        },
      },
    });
    // The skeleton stays until the element is shown; then focus goes to the card's first field.
    expect(within(dialog).getByRole('status', { name: 'Loading the card form' })).toBeTruthy();
    const pay = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Pay 25 USD' });
    expect(pay.disabled).toBe(true);
    act(() => stripe.emit('ready'));
    await waitFor(() => expect(document.activeElement).toBe(stripe.input()));
    expect(within(dialog).queryByRole('status', { name: 'Loading the card form' })).toBeNull();
    expect(pay.disabled).toBe(true);
    act(() => stripe.emit('change', { elementType: 'payment', complete: true, empty: false }));
    expect(pay.disabled).toBe(false);
    // The file's first checkout draws every part cold: a busy machine needs the time.
  }, 15_000);

  it('names the confirmed payment to the server and waits for it, which completes the checkout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const base = cardEnvelope();
    let current = base;
    const calls = api(base, { [SESSION]: () => current });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    const dialog = await cardForm(stripe);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 25 USD' }));

    await waitFor(() => expect(calls.calls(PAY)).toHaveLength(1));
    expect(calls.calls(PAY)[0]!.body).toEqual({ tx_hash: 'pi_3Card' });
    const [confirm] = stripe.confirmPayment.mock.calls[0]!;
    expect(confirm).toMatchObject({
      redirect: 'if_required',
      confirmParams: {
        return_url: window.location.href,
        payment_method_data: {
          billing_details: {
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            address: { line1: '', line2: '', city: '', state: '' },
          },
        },
      },
    });
    expect(await screen.findByTestId('checkout-paying')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    current = cardEnvelope({ status: 'complete', payment_status: 'paid' });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });

  it('says why a card was declined, keeps the form, and takes another card on the same page', async () => {
    const calls = api(cardEnvelope());
    stripe.confirmPayment.mockResolvedValueOnce(DECLINED);
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    const dialog = await cardForm(stripe);
    const pay = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Pay 25 USD' });
    fireEvent.click(pay);

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Your card has insufficient funds. Try another card.');
    expect(calls.calls(PAY)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Pay 25 USD by card' })).toBe(dialog);
    // Back at the card to correct it or type another.
    expect(document.activeElement).toBe(stripe.input());
    await waitFor(() => expect(pay.disabled).toBe(false));

    fireEvent.click(pay);
    await waitFor(() => expect(calls.calls(PAY)).toHaveLength(1));
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('checkout-paying')).toBeTruthy();
  });

  it("says a decline and a failed 3-D Secure check in the buyer's language", async () => {
    api(cardEnvelope());
    stripe.confirmPayment.mockResolvedValueOnce(DECLINED).mockResolvedValueOnce({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      },
    });
    renderKiosk(<CheckoutForm id={ID} />, { locale: 'zh' });
    fireEvent.click(await payButton('支付 25 USD', /^姓名/));
    const dialog = await cardForm(stripe, '银行卡支付 25 USD');
    const pay = within(dialog).getByRole<HTMLButtonElement>('button', { name: '支付 25 USD' });
    expect(stripe.elementsOptions[0]).toMatchObject({ locale: 'zh' });
    fireEvent.click(pay);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('您的银行卡余额不足。请换一张卡。');
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        '您的银行未能确认这笔付款。请重试或换一张卡。',
      ),
    );
  });

  it('leaves a field Stripe marks itself to the card form, with no alert of its own', async () => {
    const calls = api(cardEnvelope());
    stripe.confirmPayment.mockResolvedValueOnce({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    const dialog = await cardForm(stripe);
    const pay = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Pay 25 USD' });
    fireEvent.click(pay);
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(pay.disabled).toBe(false));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(calls.calls(PAY)).toHaveLength(0);
  });

  it('goes straight to waiting when the processor says the payment succeeded already', async () => {
    const base = cardEnvelope();
    const calls = api(base, { [SUBMIT]: () => cardAnswer(base, 'succeeded') });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    expect(await screen.findByTestId('checkout-paying')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stripe.publishableKeys).toEqual([]);
    expect(calls.calls(PAY)).toHaveLength(0);
  });

  it('Cancel and Escape close the card form and give the order back; paying again opens it again', async () => {
    const calls = api(cardEnvelope());
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    let dialog = await cardForm(stripe);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await payButton());
    dialog = await cardForm(stripe);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await enabledButton('Pay 25 USD')).toBeTruthy();
    expect(calls.calls(SUBMIT)).toHaveLength(2);
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('asks the card form for none of an address the session collected, and confirms with it', async () => {
    const address = {
      country: 'GB',
      line1: '10 Downing St',
      line2: '',
      city: 'London',
      state: 'London',
      postal_code: 'SW1A 2AA',
    };
    api(cardEnvelope({ billing_address_collection: 'required' }), {
      'GET /api/customers/me': () => customer({ address }),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    const dialog = await cardForm(stripe);
    expect(stripe.elementOptions[0]).toEqual({ fields: { billingDetails: { address: 'never' } } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 25 USD' }));
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalledTimes(1));
    expect(stripe.confirmPayment.mock.calls[0]![0]).toMatchObject({
      confirmParams: { payment_method_data: { billing_details: { address } } },
    });
  });

  it('says when Stripe.js cannot be loaded, and Retry loads it again', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('WebSocket', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api(cardEnvelope());
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Pay 25 USD by card' });
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${JS_URL}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    act(() => void script.dispatchEvent(new Event('error')));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The card form could not be loaded. Check your connection and try again.',
    );
    expect(document.querySelector(`script[src="${JS_URL}"]`)).toBeNull();
    // The developer is told why.
    expect(String(warn.mock.calls[0]?.[1])).toContain(`${JS_URL} could not be loaded`);
    warn.mockRestore();

    stripe = installFakeStripe();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await cardForm(stripe);
    expect(stripe.elementsOptions).toHaveLength(1);
  });

  it('tells the buyer when the paid card could not be named to the server; Pay again names it', async () => {
    let refuse = true;
    const calls = api(cardEnvelope(), {
      [PAY]: () =>
        refuse
          ? jsonResponse({ code: 'SERVICE_UNAVAILABLE', error: 'The server is busy' }, 503)
          : jsonResponse(cardEnvelope(), 202),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await payButton());
    const dialog = await cardForm(stripe);
    const pay = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Pay 25 USD' });
    fireEvent.click(pay);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your card was charged, but the shop could not be told (The server is busy). Press Pay again: you will not be charged twice.',
    );
    // Confirmed already, Stripe.js answers the payment's state as an error: it is named again.
    stripe.confirmPayment.mockResolvedValueOnce({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        payment_intent: { id: 'pi_3Card', status: 'succeeded' },
      },
    });
    refuse = false;
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);
    await waitFor(() => expect(calls.calls(PAY)).toHaveLength(2));
    expect(calls.calls(PAY).map((call) => call.body)).toEqual([
      { tx_hash: 'pi_3Card' },
      { tx_hash: 'pi_3Card' },
    ]);
    expect(await screen.findByTestId('checkout-paying')).toBeTruthy();
  });
});

describe('CardStep', () => {
  const instructions: CardInstructions = {
    type: 'card',
    amount: '2500',
    currency_id: USD,
    decimal: 2,
    symbol: 'USD',
  };
  const context: CardContext = {
    client_secret: SECRET,
    intent_type: 'payment_intent',
    status: 'requires_action',
  };

  function Harness({ pay }: { pay: PayState }) {
    const base = cardEnvelope();
    const form = useForm<CustomerFormValues>({ values: initialValues(customer(), 'US') });
    return (
      <CardStep
        session={base.checkoutSession}
        pay={pay}
        dispatch={() => {}}
        choices={payableCurrencies(base.paymentMethods, base.checkoutSession)}
        form={form}
      />
    );
  }

  it('opens the card form 200 ms after the submit answered, not before (seed 000 §4)', async () => {
    vi.useFakeTimers();
    mockApi(checkoutRoutes());
    const view = renderKiosk(<Harness pay={{ step: 'card', instructions, context }} />);
    await act(() => vi.dynamicImportSettled());
    await act(() => vi.advanceTimersByTimeAsync(CARD_FORM_DELAY_MS - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog', { name: 'Pay 25 USD by card' })).toBeTruthy();

    view.rerender(<Harness pay={{ step: 'paying', instructions, since: 0 }} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
