import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@kiosk/sdk';
import {
  BUYER_DID,
  envelope,
  jsonResponse,
  mockApi,
  enabledButton,
  renderKiosk,
  submitAnswer,
  checkoutRoutes,
  cleanUpKiosk,
  sessionAnswer,
  type ApiHandler,
} from '../test-support/index.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import { leavePage } from './leave-page.ts';

vi.mock('./leave-page.ts', () => ({ leavePage: vi.fn() }));
// The form loads its rules on demand; loading them here keeps that time out of each test's waits.
import '@kiosk/core/customer-details';
import '@kiosk/core/phone';

const SESSION = '/api/checkout-sessions/retrieve/cs_test0000001';

const signedOut = sessionAnswer(false, true);
const signedIn = sessionAnswer(true, true);

/** Routes every checkout needs, with the envelope and session given. */
function api(routes: Record<string, ApiHandler>, session = signedOut) {
  return mockApi({ ...checkoutRoutes(undefined, { session }), ...routes });
}

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('CheckoutForm states', () => {
  it('shows a loading skeleton, then the order and the currencies it can be paid in', async () => {
    let answer: (value: unknown) => void = () => {};
    api({ [`GET ${SESSION}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);

    expect((await screen.findByTestId('checkout-skeleton')).getAttribute('aria-busy')).toBe('true');
    act(() => answer(envelope()));
    expect(await screen.findByRole('region', { name: 'Order summary' })).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toContain('25 KDT');
    const currencies = screen.getByRole('radiogroup', { name: 'Pay with' });
    expect(
      within(currencies)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual([expect.stringContaining('25 KDT'), expect.stringContaining('0.01 ETH')]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Connect and pay' }).disabled).toBe(false);
  });

  it("says the seed's words when no offered currency can pay the order, and names the currency for the developer", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The session's mode has no active payment method at all.
    api({ [`GET ${SESSION}`]: () => envelope({}, { paymentMethods: [] }) });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    expect(await screen.findByText('Seems this checkoutSession is not configured properly')).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('pc_kdt')));
    warn.mockRestore();
  });

  it('shows the success screen, then sends the buyer to the address a redirecting link names', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const url = 'https://shop.example.com/thanks';
    api({
      [`GET ${SESSION}`]: () =>
        envelope({
          status: 'complete',
          payment_status: 'paid',
          metadata: { after_completion: { type: 'redirect', redirect: { url } } },
        }),
    });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    expect(await screen.findByText('Taking you back in a moment…')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(url);
    expect(leavePage).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(leavePage).toHaveBeenCalledWith(url);
    vi.useRealTimers();
  });

  it("offers the session's success address with its id, and never one that is not a web page", async () => {
    const answer = (success_url: string) =>
      envelope({ status: 'complete', payment_status: 'paid', success_url });
    api({ [`GET ${SESSION}`]: () => answer('https://shop.example.com/done?cs={CHECKOUT_SESSION_ID}') });
    const { unmount } = renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    expect((await screen.findByRole('link', { name: 'Continue' })).getAttribute('href')).toBe(
      'https://shop.example.com/done?cs=cs_test0000001',
    );
    unmount();
    // A row stored before the API checked addresses: following it would run script on this page.
    api({ [`GET ${SESSION}`]: () => answer('javascript:alert(document.domain)') });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
  });

  it('refuses an id that is neither a link nor a session without asking the server', async () => {
    const calls = api({});
    renderKiosk(<CheckoutForm id="in_123" />);
    expect(await screen.findByRole('heading', { name: 'Oops' })).toBeTruthy();
    expect(screen.getByText('Either a checkoutSession or a paymentLink id is required.')).toBeTruthy();
    expect(calls.requests.filter((r) => r.url.pathname.includes('checkout-sessions'))).toHaveLength(0);
  });

  it("shows Oops with the server's message and a cancel button when the session cannot load", async () => {
    api({
      [`GET ${SESSION}`]: () => jsonResponse({ code: 'PAYMENTS_PAUSED', error: 'Payments are paused' }, 409),
    });
    const onCancel = vi.fn();
    const onError = vi.fn();
    renderKiosk(<CheckoutForm id="cs_test0000001" onCancel={onCancel} onError={onError} />);
    expect(await screen.findByRole('heading', { name: 'Oops' })).toBeTruthy();
    expect(screen.getByText('Payments are paused')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(ApiError);
  });

  it.each([
    ['en', 'plink_nope', 'No such payment link'],
    ['en', 'cs_nope', 'No such checkout session'],
    ['zh', 'plink_nope', '没有该支付链接'],
    ['zh', 'cs_nope', '没有该结账会话'],
  ] as const)(
    'says in %s that %s does not exist, for a 400 on its id and for a 404, never the raw refusal',
    async (locale, id, message) => {
      const route = id.startsWith('plink_')
        ? `POST /api/checkout-sessions/start/${id}`
        : `GET /api/checkout-sessions/retrieve/${id}`;
      const refusals = [
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            error: 'Validate failed',
            details: [
              { path: 'params.id', message: 'Either a checkoutSession or a paymentLink id is required.' },
            ],
          },
          400,
        ),
        jsonResponse({ code: 'NOT_FOUND', error: 'Not found' }, 404),
      ];
      for (const refusal of refusals) {
        api({ [route]: () => refusal });
        const onError = vi.fn();
        renderKiosk(<CheckoutForm id={id} onError={onError} />, { locale });
        expect(await screen.findByText(message)).toBeTruthy();
        expect(screen.queryByText(/Validate failed|验证失败|params\.id|Not found/)).toBeNull();
        // The host still hears the refusal as it came.
        await waitFor(() => expect(onError.mock.calls[0]![0]).toBeInstanceOf(ApiError));
        cleanup();
      }
    },
  );

  it('shows the expired page for an expired session and for one whose time has passed', async () => {
    api({ [`GET ${SESSION}`]: () => envelope({ expires_at: Math.floor(Date.now() / 1000) - 1 }) });
    renderKiosk(<CheckoutForm id="cs_test0000001" />);
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeTruthy();
    cleanup();
    api({ [`GET ${SESSION}`]: () => envelope({ status: 'expired' }) });
    renderKiosk(<CheckoutForm id="cs_test0000001" />);
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeTruthy();
  });

  it('shows the empty page for a session without items', async () => {
    api({ [`GET ${SESSION}`]: () => envelope({ line_items: [] }) });
    renderKiosk(<CheckoutForm id="cs_test0000001" />);
    expect(await screen.findByRole('heading', { name: 'No items to purchase' })).toBeTruthy();
  });

  it("shows a paid session as completed, with the link's message, the invoice and Powered by", async () => {
    api({
      [`GET ${SESSION}`]: () =>
        envelope({
          status: 'complete',
          payment_status: 'paid',
          invoice_id: 'in_42',
          metadata: { after_completion: { hosted_confirmation: { custom_message: 'See you at the show!' } } },
        }),
    });
    const onPaid = vi.fn();
    renderKiosk(<CheckoutForm id="cs_test0000001" onPaid={onPaid} />);
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.getByText('See you at the show!')).toBeTruthy();
    // A test session's invoice is read in test mode.
    expect(screen.getByRole('link', { name: 'View invoice' }).getAttribute('href')).toBe(
      `${window.location.origin}/customer/invoice/in_42?livemode=false`,
    );
    expect(screen.getByRole('link', { name: 'Powered by Kiosk' })).toBeTruthy();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it("links a live session's invoice without naming the mode", async () => {
    api({
      [`GET ${SESSION}`]: () =>
        envelope({ livemode: true, status: 'complete', payment_status: 'paid', invoice_id: 'in_42' }),
    });
    renderKiosk(<CheckoutForm id="cs_test0000001" />);
    expect((await screen.findByRole('link', { name: 'View invoice' })).getAttribute('href')).toBe(
      `${window.location.origin}/customer/invoice/in_42`,
    );
  });

  it('starts one session from a payment link, even under StrictMode, and reports it', async () => {
    const started = envelope();
    const calls = api({ 'POST /api/checkout-sessions/start/plink_abc123456': () => started });
    const onSessionStarted = vi.fn();
    renderKiosk(
      <StrictMode>
        <CheckoutForm id="plink_abc123456" onSessionStarted={onSessionStarted} />
      </StrictMode>,
    );
    expect((await screen.findByTestId('checkout-total')).textContent).toContain('25 KDT');
    await waitFor(() => expect(onSessionStarted).toHaveBeenCalledWith('cs_test0000001'));
    expect(calls.calls('POST /api/checkout-sessions/start/plink_abc123456')).toHaveLength(1);
  });

  it('is payable with the order alone: the currencies come with the session, the settings are not asked', async () => {
    // Settings that would never answer: a pay button waiting for them would wait for ever.
    const calls = api({
      [`GET ${SESSION}`]: () => envelope(),
      'GET /api/settings': () => new Promise(() => {}),
    });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    expect(await enabledButton('Connect and pay')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(calls.calls('GET /api/settings')).toHaveLength(0);
  });
});

describe('CheckoutForm paying', () => {
  it('lets an anonymous buyer connect, then fills in their details and submits', async () => {
    const base = envelope();
    const signIn = vi.fn(async () => true);
    let session = signedOut;
    const calls = api({
      'GET /api/session': () => session,
      [`GET ${SESSION}`]: () => base,
      'PUT /api/checkout-sessions/cs_test0000001/submit': () => submitAnswer(base),
      'POST /api/did/payment/token': () => ({
        token: 'tok',
        secret: 'sec',
        auth_url: 'http://x/a',
        deep_link: 'kiosk://connect?url=x',
        expires_at: 1,
      }),
      'GET /api/did/payment/status': () => ({ status: 'created' }),
    });
    signIn.mockImplementation(async () => {
      session = signedIn;
      return true;
    });
    renderKiosk(<CheckoutForm id="cs_test0000001" />, { signIn });
    fireEvent.click(await enabledButton('Connect and pay'));
    await waitFor(() =>
      expect(calls.calls('PUT /api/checkout-sessions/cs_test0000001/submit')).toHaveLength(1),
    );
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(calls.calls('PUT /api/checkout-sessions/cs_test0000001/submit')[0]!.body).toEqual({
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      payment_method: 'pm_local',
      payment_currency: 'pc_kdt',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pay 25 KDT' });
    expect(within(dialog).getByText(/Send exactly 25 KDT to 0x8626/)).toBeTruthy();
    expect(calls.calls('POST /api/did/payment/token')[0]!.body).toEqual({
      params: { checkoutSessionId: 'cs_test0000001', sessionUserDid: BUYER_DID },
    });
  });
});
