import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchCheckout, reactRootErrorHandlers } from '@kiosk/react';
import { AppProviders } from './AppProviders.tsx';
import { appI18n, appI18nReady, currentLocale, rememberLocale, switchLocale } from './i18n.ts';
import { kioskClient } from './lib/api.ts';
import { startErrorReporting } from './lib/error-reporting.ts';
import { createQueryClient } from './lib/query-client.ts';
import { CheckoutApp } from './pages/checkout/CheckoutApp.tsx';
import { checkoutIdOf } from './pages/checkout/checkout-address.ts';
import type { HostedCheckoutProps } from './pages/checkout/HostedCheckout.tsx';
import { readCheckoutState, seedCheckoutState } from './pages/checkout/server-state.ts';

/*
 * The hosted checkout's own entry (checkout.html, which the server sends for /checkout/pay/…): a buyer
 * arriving from another site downloads the checkout and the header, not the store's router and screens.
 */

// First, so that whatever fails from here on is reported.
const errorReporter = startErrorReporting();
rememberLocale(currentLocale(appI18n));

const container = document.getElementById('root');
if (!container) throw new Error('checkout.html has no #root element');

const id = checkoutIdOf(window.location.pathname);
if (id === undefined) {
  // Not a checkout's address: the store's router sends any unknown path home (seed 001 §2).
  window.location.replace('/');
} else {
  const queryClient = createQueryClient();
  // Where the server drew the checkout (apps/server/src/checkout-page.ts), its answers are here.
  const drawn = readCheckoutState();
  if (drawn) seedCheckoutState(queryClient, drawn);
  // Before the first render: the answers are on their way while React draws the page.
  prefetchCheckout(queryClient, kioskClient, id);
  const render = (form?: ComponentType<HostedCheckoutProps>) =>
    createRoot(container, reactRootErrorHandlers(errorReporter)).render(
      <StrictMode>
        <AppProviders i18n={appI18n} queryClient={queryClient}>
          <CheckoutApp id={id} form={form} />
        </AppProviders>
      </StrictMode>,
    );
  if (drawn) {
    // The server's markup stays until the form's code is here, then the form takes it over in place
    // (the same answers, language and layout draw the same DOM): nothing flashes back to a skeleton.
    void Promise.all([
      import('./pages/checkout/HostedCheckout.tsx'),
      appI18nReady.then(async () => {
        if (drawn.locale !== currentLocale(appI18n)) await switchLocale(appI18n, drawn.locale);
      }),
    ]).then(
      ([module]) => render(module.HostedCheckout),
      () => render(),
    );
  } else {
    // Once its language's messages are here (a failure to load them is reported, and the page still draws).
    void appI18nReady.finally(() => render());
  }
}
