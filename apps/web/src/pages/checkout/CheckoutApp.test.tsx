import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '@kiosk/react/testing';
import { setTracker } from '../../lib/tracker.ts';
import { renderWithProviders } from '../../test-support/render-app.tsx';
import { signedOut } from '../../test-support/sessions.ts';
import { checkoutIdOf } from './checkout-address.ts';
import { CheckoutApp } from './CheckoutApp.tsx';

const LINK = 'plink_demo0001';

function openAt(address: string) {
  window.history.replaceState(null, '', address);
  const id = checkoutIdOf(window.location.pathname);
  if (!id) throw new Error(`${address} is no checkout address`);
  return renderWithProviders(<CheckoutApp id={id} />);
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
  mockApi({
    'GET /api/session': () => signedOut(),
    [`POST /api/checkout-sessions/start/${LINK}`]: () => envelope({ cancel_url: null }),
    'GET /api/checkout-sessions/cs_test0000001/cross-sell': () => null,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setTracker(null);
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe("the hosted checkout's own page (checkout.html)", () => {
  it('shows the checkout under the header without the store navigation, and the cookie banner', async () => {
    openAt(`/checkout/pay/${LINK}`);
    expect((await screen.findByTestId('checkout-total')).textContent).toBe('25 KDT');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    // Without the router, the brand leads to the store as a page of its own.
    expect(screen.getByRole('link', { name: 'Kiosk' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('region', { name: 'Cookies' })).toBeTruthy();
    expect(document.title).toBe('Checkout · Kiosk');
  });

  it("moves to the started session's address, keeping the query, and reports both views without the token", async () => {
    const pageView = vi.fn();
    setTracker({ pageView });
    openAt(`/checkout/pay/${LINK}?currencyId=pc_kdt&authToken=secret`);
    await screen.findByTestId('checkout-total');
    await waitFor(() => expect(window.location.pathname).toBe('/checkout/pay/cs_test0000001'));
    expect(window.location.search).toBe('?currencyId=pc_kdt&authToken=secret');
    await waitFor(() =>
      expect(pageView.mock.calls.map(([path]) => path)).toEqual([
        `/checkout/pay/${LINK}?currencyId=pc_kdt`,
        '/checkout/pay/cs_test0000001?currencyId=pc_kdt',
      ]),
    );
  });

  it('goes back where the buyer came from on cancel, or to the store when there is no way back', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '', pathname: `/checkout/pay/${LINK}` });
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    renderWithProviders(<CheckoutApp id={LINK} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(assign).toHaveBeenCalledWith('/');
    expect(back).not.toHaveBeenCalled();
  });
});

describe('checkoutIdOf', () => {
  it("reads the id of a checkout address and nothing else, as the store's router matches it", () => {
    expect(checkoutIdOf('/checkout/pay/plink_abc')).toBe('plink_abc');
    expect(checkoutIdOf('/checkout/pay/cs_abc/')).toBe('cs_abc');
    expect(checkoutIdOf('/checkout/pay/')).toBeUndefined();
    expect(checkoutIdOf('/checkout/pay/cs_abc/more')).toBeUndefined();
    expect(checkoutIdOf('/checkout')).toBeUndefined();
  });
});
