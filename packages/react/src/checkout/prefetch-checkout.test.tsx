import { screen, render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createKioskClient } from '@kiosk/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '../i18n/both-languages.ts';
import { KioskProvider } from '../provider/KioskProvider.tsx';
import {
  checkoutRoutes,
  cleanUpKiosk,
  enabledButton,
  envelope,
  mockApi,
  sessionAnswer,
} from '../test-support/index.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import { prefetchCheckout } from './use-checkout.ts';

const LINK = 'plink_abc123456';
const START = `POST /api/checkout-sessions/start/${LINK}`;

/** A route that answers only when the test says so. */
function held<T>(answer: T) {
  let release: () => void = () => {};
  const answered = new Promise<T>((resolve) => (release = () => resolve(answer)));
  return { handler: () => answered, release: () => release() };
}

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('prefetchCheckout', () => {
  it('asks for the buyer and starts the link at once, side by side, and the form then uses both answers', async () => {
    const session = held(sessionAnswer(false, true));
    const started = held(envelope());
    const api = mockApi({
      ...checkoutRoutes(),
      'GET /api/session': session.handler,
      [START]: started.handler,
    });
    // The web app's client: an answer stays fresh for 3 s (seed 001 §9), so a later reader reuses it.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 3_000 } } });
    const client = createKioskClient({ params: () => ({ locale: 'en' }) });

    prefetchCheckout(queryClient, client, LINK);
    // Both on their way before any page is drawn, neither waiting for the other's answer.
    await waitFor(() =>
      expect(api.requests.map(({ method, url }) => `${method} ${url.pathname}`).sort()).toEqual(
        ['GET /api/session', START].sort(),
      ),
    );

    render(
      <I18nextProvider i18n={createKioskI18n('en')}>
        <QueryClientProvider client={queryClient}>
          <KioskProvider client={client}>
            <CheckoutForm id={LINK} />
          </KioskProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    started.release();
    session.release();
    expect(await enabledButton('Connect and pay')).toBeTruthy();
    expect(api.calls(START)).toHaveLength(1);
    expect(api.calls('GET /api/session')).toHaveLength(1);
  });

  it('leaves an id that is no checkout to the form, which says so', () => {
    const api = mockApi({});
    const queryClient = new QueryClient();
    prefetchCheckout(queryClient, createKioskClient({ params: () => ({}) }), 'in_123');
    expect(api.requests).toEqual([]);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
