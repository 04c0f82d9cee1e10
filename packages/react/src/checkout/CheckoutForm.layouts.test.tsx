import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSession } from '@kiosk/contracts';
import {
  envelope,
  jsonResponse,
  line,
  mockApi,
  price,
  enabledButton,
  renderKiosk,
  checkoutRoutes,
  cleanUpKiosk,
  smallScreen,
} from '../test-support/index.ts';
import { CHECKOUT_LAYOUTS, type CheckoutLayout } from './layouts.ts';
import { CheckoutForm } from './CheckoutForm.tsx';

function api(session: Partial<CheckoutSession> = {}) {
  return mockApi(checkoutRoutes(envelope(session)));
}

function fixedAncestor(element: Element): Element | undefined {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (window.getComputedStyle(node).position === 'fixed') return node;
  }
  return undefined;
}

const threeItems = [
  line(price({ name: 'Poster' })),
  line(price({ name: 'Mug' })),
  line(price({ name: 'Sticker' })),
];

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('CheckoutForm layouts', () => {
  it.each(CHECKOUT_LAYOUTS)('renders the %s frame', async (layout: CheckoutLayout) => {
    api();
    const { container } = renderKiosk(<CheckoutForm id="cs_test0000001" mode={layout} />);
    await enabledButton('Pay 25 KDT');
    expect(container.querySelector(`[data-layout="${layout}"]`)).toBeTruthy();
    const summary = screen.queryByRole('region', { name: 'Order summary' });
    if (layout.endsWith('-minimal')) {
      expect(summary).toBeNull();
      expect(screen.queryByTestId('checkout-total')).toBeNull();
    } else {
      expect(summary).toBeTruthy();
      expect(screen.getByTestId('checkout-total').textContent).toBe('25 KDT');
    }
    const poweredBy = screen.queryByRole('link', { name: 'Powered by Kiosk' });
    expect(Boolean(poweredBy)).toBe(layout.startsWith('standalone'));
  });

  it('shows the total of a minimal layout in its pay button', async () => {
    api({ line_items: [line(price({ unit_amount: '12500000' }), { quantity: 3 })] });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="inline-minimal" />);
    expect(await enabledButton('Pay 37.5 KDT')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Order summary' })).toBeNull();
  });

  it('shows a back arrow only when goBack is given, and it goes back', async () => {
    api();
    const goBack = vi.fn();
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" goBack={goBack} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(goBack).toHaveBeenCalledTimes(1);
    cleanup();

    api();
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    await enabledButton('Pay 25 KDT');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('marks a test session with a test-mode chip and a live one without', async () => {
    api({ livemode: false });
    renderKiosk(<CheckoutForm id="cs_test0000001" />);
    await enabledButton('Pay 25 KDT');
    expect(screen.getByText('Test mode')).toBeTruthy();
    cleanup();

    api({ livemode: true });
    renderKiosk(<CheckoutForm id="cs_test0000001" />);
    await enabledButton('Pay 25 KDT');
    expect(screen.queryByText('Test mode')).toBeNull();
  });

  it('shows the checkout in Chinese with locale zh', async () => {
    api();
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />, { locale: 'zh' });
    expect(await enabledButton('支付 25 KDT')).toBeTruthy();
    expect(screen.getByRole('region', { name: '订单摘要' })).toBeTruthy();
    expect(screen.getByText('测试模式')).toBeTruthy();
    // The contact fields load once the buyer is known.
    expect(await screen.findByText('联系信息')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: '支付方式' })).toBeTruthy();
    expect(screen.queryByText('Order summary')).toBeNull();
  });
});

describe('CheckoutForm on a small screen', () => {
  beforeEach(smallScreen);

  it('collapses a summary of three items behind "Show order summary" and expands it on click', async () => {
    api({ line_items: threeItems });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    const toggle = await screen.findByRole('button', { name: /Show order summary \(3 items\)/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain('75 KDT');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toContain('Hide order summary');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
  });

  it('opens a collapsed summary when the buyer skipped a required cross-sell', async () => {
    const offer = price({ id: 'price_wrap', name: 'Gift wrap', unit_amount: '2000000' });
    mockApi({
      ...checkoutRoutes(envelope({ line_items: threeItems, cross_sell_behavior: 'required' })),
      'GET /api/checkout-sessions/cs_test0000001/cross-sell': () => offer,
      'PUT /api/checkout-sessions/cs_test0000001/submit': () =>
        jsonResponse(
          { code: 'REQUIRE_CROSS_SELL', error: 'Please add the recommended item to continue' },
          400,
        ),
    });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    const toggle = await screen.findByRole('button', { name: /Show order summary \(3 items\)/ });
    fireEvent.click(await enabledButton('Pay 75 KDT'));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    expect(await screen.findByText('Please add the recommended item to continue')).toBeTruthy();
    expect(screen.getByText('Gift wrap')).toBeTruthy();
  });

  it('keeps a two-item summary open', async () => {
    api({ line_items: threeItems.slice(0, 2) });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    await enabledButton('Pay 50 KDT');
    expect(screen.queryByRole('button', { name: /order summary/ })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('fixes the standalone pay button to the bottom of the screen, but not the inline one', async () => {
    api();
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    const fixed = fixedAncestor(await enabledButton('Pay 25 KDT'));
    expect(fixed).toBeTruthy();
    // At the bottom, or above the cookie banner while it asks (the banner publishes its height).
    expect(window.getComputedStyle(fixed!).bottom).toBe('var(--kiosk-cookie-consent-space, 0px)');
    cleanup();

    api();
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="inline" />);
    expect(fixedAncestor(await enabledButton('Pay 25 KDT'))).toBeUndefined();
  });
});

describe('CheckoutForm on a wide screen', () => {
  it('keeps a three-item summary open and the pay button in the form', async () => {
    api({ line_items: threeItems });
    renderKiosk(<CheckoutForm id="cs_test0000001" mode="standalone" />);
    const button = await enabledButton('Pay 75 KDT');
    expect(screen.queryByRole('button', { name: /order summary/ })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(fixedAncestor(button)).toBeUndefined();
  });
});
