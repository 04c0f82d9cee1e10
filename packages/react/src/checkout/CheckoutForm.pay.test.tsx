import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutEnvelope, CheckoutSession, Customer } from '@kiosk/contracts';
import type { SessionAnswer } from '../session/use-kiosk-session.ts';
import {
  BUYER_DID,
  ETH,
  KDT,
  customer,
  envelope,
  jsonResponse,
  mockApi,
  paymentIntent,
  enabledButton,
  renderKiosk,
  submitAnswer,
  checkoutRoutes,
  cleanUpKiosk,
  sessionAnswer,
} from '../test-support/index.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
// The form loads its rules on demand; loading them here keeps that time out of each test's waits.
import '@kiosk/core/customer-details';
import '@kiosk/core/phone';

const ID = 'cs_test0000001';
const SESSION = `/api/checkout-sessions/retrieve/${ID}`;
const SUBMIT = `PUT /api/checkout-sessions/${ID}/submit`;
const DONATE = `PUT /api/checkout-sessions/${ID}/donate-submit`;
const TOKEN = 'POST /api/did/payment/token';
const STATUS = 'GET /api/did/payment/status';
const PREFERENCE = `kiosk:payment-currency-preference:${BUYER_DID}`;

type Routes = Record<string, (request: { body: unknown; url: URL }) => unknown>;

/** A checkout of `base` for the signed-in buyer `who`, paid through a connect session that answers `status`. */
function api(
  base: CheckoutEnvelope,
  routes: Routes = {},
  options: { who?: Customer; session?: SessionAnswer } = {},
) {
  return mockApi({
    ...checkoutRoutes(base, { session: options.session ?? sessionAnswer(true, true), customer: options.who }),
    [SUBMIT]: () => submitAnswer(base),
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

function input(label: RegExp): HTMLInputElement {
  return screen.getByLabelText<HTMLInputElement>(label);
}

/** The helper text under a field: its error, if any. */
function helperOf(field: HTMLElement): string | null | undefined {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

async function waitForPrefill(name = 'Ada Lovelace') {
  // The file's first form draws every field cold; on a shared, busy machine that can take over 1 s.
  await waitFor(() => expect(input(/^Name/).value).toBe(name), { timeout: 3_000 });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const grace = customer({
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+14155552671',
  address: {
    country: 'US',
    line1: '1 Navy Way',
    line2: 'Suite 5',
    city: 'Arlington',
    state: 'VA',
    postal_code: '22202',
  },
});

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('CheckoutForm contact details', () => {
  it("prefills a signed-in buyer's form from their customer record", async () => {
    const calls = api(
      envelope({ phone_number_collection: { enabled: true }, billing_address_collection: 'required' }),
      {},
      { who: grace },
    );
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill('Grace Hopper');
    expect(input(/^Email/).value).toBe('grace@example.com');
    expect(input(/^Phone/).value).toBe('+14155552671');
    expect(input(/^Country or region/).value).toBe('US');
    expect(input(/^Address/).value).toBe('1 Navy Way');
    expect(input(/^Apartment/).value).toBe('Suite 5');
    expect(input(/^City/).value).toBe('Arlington');
    expect(input(/^State or province/).value).toBe('VA');
    expect(input(/^Postal code/).value).toBe('22202');
    const me = calls.calls('GET /api/customers/me')[0]!.url.searchParams;
    expect([me.get('skipSummary'), me.get('fallback')]).toEqual(['1', '1']);
    // Each label floats above its value instead of being drawn over it.
    for (const label of [/^Name/, /^Email/, /^Phone/, /^Address/, /^Apartment/, /^City/, /^State/, /^Postal/])
      expect(input(label).labels?.[0]?.getAttribute('data-shrink')).toBe('true');
  });

  it('marks a field wrong once the buyer typed in it and left it, not when they only passed through it', async () => {
    api(envelope(), {}, { who: customer({ name: null, fullName: null, email: null }) });
    renderKiosk(<CheckoutForm id={ID} />);
    await enabledButton('Pay 25 KDT');
    fireEvent.focus(input(/^Name/));
    fireEvent.blur(input(/^Name/));
    fireEvent.change(input(/^Email/), { target: { value: 'ada@' } });
    fireEvent.blur(input(/^Email/));
    await waitFor(() => expect(helperOf(input(/^Email/))).toBe('Please enter a valid email address'));
    expect(helperOf(input(/^Name/))).toBeUndefined();
    expect(input(/^Name/).getAttribute('aria-invalid')).toBe('false');
  });

  it('asks for a phone and an address only when the session does', async () => {
    api(envelope());
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    expect(screen.queryByLabelText(/^Phone/)).toBeNull();
    expect(screen.queryByLabelText(/^Country or region/)).toBeNull();
    expect(screen.queryByLabelText(/^Postal code/)).toBeNull();
    cleanup();

    api(envelope({ phone_number_collection: { enabled: true } }));
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    expect(input(/^Phone/).required).toBe(true);
    expect(screen.getByLabelText(/^Country or region/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Address/)).toBeNull();
    cleanup();

    api(envelope({ billing_address_collection: 'required' }));
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    expect(screen.queryByLabelText(/^Phone/)).toBeNull();
    for (const label of [/^Address/, /^City/, /^State or province/, /^Postal code/]) {
      expect(input(label).required).toBe(true);
    }
  });

  it('says which of email, phone and postal code is invalid, and submits none of them', async () => {
    const calls = api(
      envelope({ phone_number_collection: { enabled: true }, billing_address_collection: 'required' }),
      {},
      { who: grace },
    );
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill('Grace Hopper');
    const cases: [RegExp, string, string][] = [
      [/^Email/, 'grace@', 'Please enter a valid email address'],
      [/^Phone/, '12', 'Please enter a valid phone number'],
      [/^Postal code/, '1234', 'Please enter a valid postal code'],
    ];
    for (const [label, typed] of cases) {
      fireEvent.change(input(label), { target: { value: typed } });
      fireEvent.blur(input(label));
    }
    for (const [label, , message] of cases) {
      await waitFor(() => expect(helperOf(input(label))).toBe(message));
      expect(input(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(helperOf(input(/^City/))).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Pay 25 KDT' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.calls(SUBMIT)).toHaveLength(0);
  });

  it("puts the server's field errors on their fields without a toast", async () => {
    api(envelope(), {
      [SUBMIT]: () =>
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            error: 'Validate failed',
            details: [{ path: 'body.customer_email', message: 'This address cannot receive mail' }],
          },
          400,
        ),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    const button = await enabledButton('Pay 25 KDT');
    fireEvent.click(button);
    await waitFor(() => expect(helperOf(input(/^Email/))).toBe('This address cannot receive mail'));
    expect(input(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('shows server validation of a field the form does not have as a toast', async () => {
    api(envelope(), {
      [SUBMIT]: () =>
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            error: 'Validate failed',
            details: [{ path: 'body.payment_currency', message: 'This currency cannot be used' }],
          },
          400,
        ),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toBe('Validate failed\npayment_currency: This currency cannot be used');
  });
});

describe('CheckoutForm submit', () => {
  it('sends exactly the details the session asks for, with the payment method and currency', async () => {
    const full = envelope({
      phone_number_collection: { enabled: true },
      billing_address_collection: 'required',
    });
    let calls = api(full, {}, { who: grace });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill('Grace Hopper');
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    await waitFor(() => expect(calls.calls(SUBMIT)).toHaveLength(1));
    expect(calls.calls(SUBMIT)[0]!.body).toEqual({
      customer_name: 'Grace Hopper',
      customer_email: 'grace@example.com',
      customer_phone: '+14155552671',
      billing_address: {
        country: 'US',
        line1: '1 Navy Way',
        line2: 'Suite 5',
        city: 'Arlington',
        state: 'VA',
        postal_code: '22202',
      },
      payment_method: 'pm_local',
      payment_currency: KDT,
    });
    cleanup();

    calls = api(envelope({ phone_number_collection: { enabled: true } }), {}, { who: grace });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill('Grace Hopper');
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    await waitFor(() => expect(calls.calls(SUBMIT)).toHaveLength(1));
    expect(calls.calls(SUBMIT)[0]!.body).toEqual({
      customer_name: 'Grace Hopper',
      customer_email: 'grace@example.com',
      customer_phone: '+14155552671',
      billing_address: { country: 'US' },
      payment_method: 'pm_local',
      payment_currency: KDT,
    });
    cleanup();

    calls = api(envelope(), {}, { who: grace });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill('Grace Hopper');
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    await waitFor(() => expect(calls.calls(SUBMIT)).toHaveLength(1));
    expect(calls.calls(SUBMIT)[0]!.body).toEqual({
      customer_name: 'Grace Hopper',
      customer_email: 'grace@example.com',
      payment_method: 'pm_local',
      payment_currency: KDT,
    });
  });

  it('leaves a buyer whose saved details are incomplete at the form, nothing marked wrong until Pay', async () => {
    let session = sessionAnswer(false, true);
    const calls = api(
      envelope({ phone_number_collection: { enabled: true } }),
      { 'GET /api/session': () => session },
      { who: customer({ phone: null }) },
    );
    const signIn = vi.fn(async () => {
      session = sessionAnswer(true, true);
      return true;
    });
    renderKiosk(<CheckoutForm id={ID} />, { signIn });
    fireEvent.click(await enabledButton('Connect and pay'));
    await waitForPrefill();
    const pay = await enabledButton('Pay 25 KDT');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(calls.calls(SUBMIT)).toHaveLength(0);
    expect(screen.queryByText('Required')).toBeNull();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    fireEvent.click(pay);
    await waitFor(() => expect(helperOf(input(/^Phone/))).toBe('Required'));
    expect(input(/^Phone/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.calls(SUBMIT)).toHaveLength(0);
  });

  it("sends a returning buyer's complete saved details right after sign-in and opens the pay dialog", async () => {
    let session = sessionAnswer(false, true);
    const calls = api(
      envelope({ phone_number_collection: { enabled: true }, billing_address_collection: 'required' }),
      { 'GET /api/session': () => session },
      { who: grace },
    );
    const signIn = vi.fn(async () => {
      session = sessionAnswer(true, true);
      return true;
    });
    renderKiosk(<CheckoutForm id={ID} />, { signIn });
    fireEvent.click(await enabledButton('Connect and pay'));
    // The customer record reaches the form while the details are checked: the submit must survive it.
    // The first sign-in of the file loads the rules and the pay dialog: a busy machine needs the time.
    await waitFor(() => expect(calls.calls(SUBMIT)).toHaveLength(1), { timeout: 5_000 });
    expect(calls.calls(SUBMIT)[0]!.body).toMatchObject({
      customer_name: 'Grace Hopper',
      customer_phone: '+14155552671',
      billing_address: { line1: '1 Navy Way', postal_code: '22202' },
    });
    expect(await screen.findByRole('dialog', { name: 'Pay 25 KDT' }, { timeout: 5_000 })).toBeTruthy();
  }, 15_000);

  it('tells an anonymous buyer to sign in first when the host offers no sign-in', async () => {
    const calls = api(envelope(), {}, { session: sessionAnswer(false, true) });
    renderKiosk(<CheckoutForm id={ID} />);
    fireEvent.click(await enabledButton('Connect and pay'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please sign in first');
    expect(calls.calls(SUBMIT)).toHaveLength(0);
    expect(calls.calls('GET /api/customers/me')).toHaveLength(0);
  });
});

describe('CheckoutForm donation without signing in', () => {
  it('donates at once: donate-submit with no details, then a pay dialog any wallet may answer', async () => {
    const donation = envelope({ submit_type: 'donate' });
    const calls = api(
      donation,
      { [DONATE]: () => submitAnswer(donation) },
      { session: sessionAnswer(false, true) },
    );
    renderKiosk(<CheckoutForm id={ID} />);
    expect(
      await screen.findByText(
        'No need to sign in: pay from any wallet, and that wallet is listed as a supporter.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Name/)).toBeNull();
    fireEvent.click(await enabledButton('Donate 25 KDT'));
    await screen.findByRole('dialog', { name: 'Pay 25 KDT' });
    expect(calls.calls(DONATE)).toHaveLength(1);
    expect(calls.calls(DONATE)[0]!.body).toMatchObject({ payment_method: 'pm_local', payment_currency: KDT });
    expect(calls.calls(SUBMIT)).toHaveLength(0);
    expect(calls.calls('GET /api/customers/me')).toHaveLength(0);
    await waitFor(() => expect(calls.calls(TOKEN)).toHaveLength(1));
    expect(calls.calls(TOKEN)[0]!.body).toEqual({
      params: { checkoutSessionId: ID, sessionUserDid: 'did:kiosk:anonymous' },
    });
  });
});

describe('CheckoutForm pay dialog', () => {
  it('opens the pay dialog with the amount and a payment connect session for this checkout and buyer', async () => {
    const calls = api(envelope());
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 25 KDT' });
    expect(
      within(dialog).getByText(/Send exactly 25 KDT to 0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199/),
    ).toBeTruthy();
    await waitFor(() => expect(calls.calls(TOKEN)).toHaveLength(1));
    expect(calls.calls(TOKEN)[0]!.body).toEqual({
      params: { checkoutSessionId: ID, sessionUserDid: BUYER_DID },
    });
  });

  it('offers the test wallet only for a test session whose server has one', async () => {
    const cases: [Partial<CheckoutSession>, boolean, boolean][] = [
      [{ livemode: false }, true, true],
      [{ livemode: false }, false, false],
      [{ livemode: true }, true, false],
    ];
    for (const [session, testWallet, offered] of cases) {
      api(envelope(session), {}, { session: sessionAnswer(true, testWallet) });
      renderKiosk(<CheckoutForm id={ID} />);
      await waitForPrefill();
      fireEvent.click(await enabledButton('Pay 25 KDT'));
      const dialog = await screen.findByRole('dialog', { name: 'Pay 25 KDT' });
      await within(dialog).findByRole('link', { name: /Open in wallet/i });
      expect(Boolean(within(dialog).queryByRole('button', { name: 'Test wallet' }))).toBe(offered);
      cleanup();
    }
  });

  it('confirms the payment by polling the session every 2 s once the wallet sent it, then shows success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const base = envelope();
    let current = base;
    let status = 'created';
    const onPaid = vi.fn();
    const calls = api(base, {
      [`GET ${SESSION}`]: () => current,
      [STATUS]: () => ({ status, did: status === 'succeeded' ? BUYER_DID : null }),
    });
    renderKiosk(<CheckoutForm id={ID} onPaid={onPaid} />);
    await waitForPrefill();
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    await screen.findByRole('dialog', { name: 'Pay 25 KDT' });
    await waitFor(() => expect(calls.calls(TOKEN)).toHaveLength(1));

    // While the wallet has not answered, the session is not polled.
    const beforeSent = calls.calls(`GET ${SESSION}`).length;
    await advance(4_000);
    expect(calls.calls(`GET ${SESSION}`)).toHaveLength(beforeSent);
    expect(screen.queryByTestId('checkout-paying')).toBeNull();

    status = 'succeeded';
    await advance(2_000);
    expect((await screen.findByTestId('checkout-paying')).textContent).toContain('Confirming your payment…');
    expect(screen.queryByRole('dialog')).toBeNull();

    const polledFrom = calls.calls(`GET ${SESSION}`).length;
    await advance(10_000);
    const polls = calls.calls(`GET ${SESSION}`).length - polledFrom;
    expect(polls).toBeGreaterThanOrEqual(5);
    expect(polls).toBeLessThanOrEqual(6);

    current = envelope({ status: 'complete', payment_status: 'paid', invoice_id: 'in_1' });
    await advance(2_000);
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(onPaid).toHaveBeenCalledTimes(1);
    const settled = calls.calls(`GET ${SESSION}`).length;
    await advance(6_000);
    expect(calls.calls(`GET ${SESSION}`)).toHaveLength(settled);
  });

  it('lets the test wallet pay, which the page then confirms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const base = envelope();
    let current = base;
    let answered = false;
    const calls = api(base, {
      [`GET ${SESSION}`]: () => current,
      'POST /api/test-wallet/connect': () => {
        answered = true;
        return { ok: true };
      },
      [STATUS]: () => (answered ? { status: 'succeeded', did: BUYER_DID } : { status: 'created' }),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 25 KDT' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Test wallet' }));
    await waitFor(() => expect(calls.calls('POST /api/test-wallet/connect')).toHaveLength(1));
    expect(calls.calls('POST /api/test-wallet/connect')[0]!.body).toEqual({ token: 'tok_1' });

    await advance(2_000);
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    current = envelope({ status: 'complete', payment_status: 'paid' });
    await advance(2_000);
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });

  it('stops polling at a payment that needs action again and shows its error, then lets the buyer retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const base = envelope();
    let current = base;
    const calls = api(base, {
      [`GET ${SESSION}`]: () => current,
      [STATUS]: () => ({ status: 'succeeded', did: BUYER_DID }),
    });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    await screen.findByRole('dialog', { name: 'Pay 25 KDT' });
    await advance(2_000);
    await screen.findByTestId('checkout-paying');

    current = {
      ...submitAnswer(base),
      paymentIntent: paymentIntent({
        last_payment_error: {
          code: 'PAYER_MISMATCH',
          message: 'This wallet is not the account that placed the order',
        },
      }),
    };
    await advance(2_000);
    expect(await screen.findByText('This wallet is not the account that placed the order')).toBeTruthy();
    expect(screen.queryByTestId('checkout-paying')).toBeNull();
    const stoppedAt = calls.calls(`GET ${SESSION}`).length;
    await advance(8_000);
    expect(calls.calls(`GET ${SESSION}`)).toHaveLength(stoppedAt);
    expect(await enabledButton('Pay 25 KDT')).toBeTruthy();
  });

  it('gives up waiting after 3 minutes, and "Check again" reads the session and waits again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = api(envelope(), { [STATUS]: () => ({ status: 'succeeded', did: BUYER_DID }) });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    fireEvent.click(await enabledButton('Pay 25 KDT'));
    await screen.findByRole('dialog', { name: 'Pay 25 KDT' });
    await advance(2_000);
    await screen.findByTestId('checkout-paying');

    await advance(170_000);
    expect(screen.getByTestId('checkout-paying')).toBeTruthy();
    await advance(10_000);
    expect(await screen.findByText(/The payment has not been confirmed yet/)).toBeTruthy();
    expect(screen.queryByTestId('checkout-paying')).toBeNull();
    const stoppedAt = calls.calls(`GET ${SESSION}`).length;
    await advance(6_000);
    expect(calls.calls(`GET ${SESSION}`)).toHaveLength(stoppedAt);
    // The transfer may still land: paying again is not offered, checking is.
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: 'Pay 25 KDT' });
    expect(pay.disabled).toBe(true);
    fireEvent.submit(pay.closest('form')!);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.calls(SUBMIT)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('checkout-paying')).toBeTruthy();
    await waitFor(() => expect(calls.calls(`GET ${SESSION}`).length).toBeGreaterThan(stoppedAt));
    const checkedAt = calls.calls(`GET ${SESSION}`).length;
    await advance(4_000);
    expect(calls.calls(`GET ${SESSION}`).length).toBeGreaterThanOrEqual(checkedAt + 2);
    expect(screen.queryByText(/The payment has not been confirmed yet/)).toBeNull();
  });
});

describe('CheckoutForm currency choice', () => {
  it("remembers a buyer's currency and starts with it next time, for that buyer only", async () => {
    let calls = api(envelope());
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    await enabledButton('Pay 25 KDT');
    fireEvent.click(screen.getByRole('radio', { name: /0\.01 ETH/ }));
    expect(await enabledButton('Pay 0.01 ETH')).toBeTruthy();
    expect(window.localStorage.getItem(PREFERENCE)).toBe(ETH);
    cleanup();

    calls = api(envelope());
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill();
    fireEvent.click(await enabledButton('Pay 0.01 ETH'));
    expect(screen.getByRole('radio', { name: /0\.01 ETH/ }).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(calls.calls(SUBMIT)).toHaveLength(1));
    expect(calls.calls(SUBMIT)[0]!.body).toMatchObject({ payment_currency: ETH });
    cleanup();

    const other = customer({
      did: 'did:pkh:eip155:1:0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
      name: 'Alan Turing',
    });
    api(envelope(), {}, { who: other });
    renderKiosk(<CheckoutForm id={ID} />);
    await waitForPrefill('Alan Turing');
    expect(await enabledButton('Pay 25 KDT')).toBeTruthy();
  });

  it('starts with the currencyId given, over the stored preference', async () => {
    window.localStorage.setItem(PREFERENCE, KDT);
    api(envelope());
    renderKiosk(<CheckoutForm id={ID} currencyId={ETH} />);
    await waitForPrefill();
    expect(await enabledButton('Pay 0.01 ETH')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /0\.01 ETH/ }).getAttribute('aria-checked')).toBe('true');
    cleanup();

    window.localStorage.setItem(PREFERENCE, ETH);
    api(envelope());
    renderKiosk(<CheckoutForm id={ID} currencyId="pc_not_offered" />);
    await waitForPrefill();
    expect(await enabledButton('Pay 0.01 ETH')).toBeTruthy();
  });
});
