import { Suspense, lazy, useCallback, useState, type ComponentType } from 'react';
import { CheckoutLoading, CookieConsent } from '@kiosk/react';
import { HeaderBar } from '../../components/layout/HeaderBar.tsx';
import { PageFrame } from '../../components/layout/PageFrame.tsx';
import { usePageView } from '../../hooks/use-page-view.ts';
import { checkoutPathOf } from './checkout-address.ts';
import type { HostedCheckoutProps } from './HostedCheckout.tsx';
import { hostedLayoutOf } from './hosted-layout.ts';

// The form's code (the kit's checkout, the form library) loads after the page's frame: on a phone's
// slow network the header and the skeleton draw while it arrives with the session's answer.
const HostedCheckout = lazy(() =>
  import('./HostedCheckout.tsx').then((module) => ({ default: module.HostedCheckout })),
);

export interface CheckoutAppProps {
  /** The id the page was opened with. */
  id: string;
  /** The address's query; the page's own unless drawn on the server. */
  search?: string;
  /** The Cookie header, where the page is drawn on the server. */
  cookies?: string;
  /** The form's code where it is here already (the server, a page taking over the server's markup). */
  form?: ComponentType<HostedCheckoutProps>;
}

/**
 * The hosted checkout's own entry's page: the store's header without its navigation, the checkout,
 * the footer and the cookie banner, as the store's router shows `/checkout/pay/:id`, without the router.
 * The address moves with the history API: a started session replaces the payment link's address.
 */
export function CheckoutApp({
  id: openedWith,
  search = window.location.search,
  cookies,
  form: Form = HostedCheckout,
}: CheckoutAppProps) {
  const [id, setId] = useState(openedWith);
  usePageView(checkoutPathOf(id), search);

  const showSession = useCallback((sessionId: string) => {
    window.history.replaceState(
      window.history.state,
      '',
      `${checkoutPathOf(sessionId)}${window.location.search}`,
    );
    setId(sessionId);
  }, []);

  return (
    <>
      <PageFrame header={<HeaderBar />}>
        <Suspense fallback={<CheckoutLoading mode={hostedLayoutOf(search)} />}>
          <Form
            id={id}
            search={search}
            onSessionStarted={showSession}
            onLeave={() => {
              if (window.history.length > 1) window.history.back();
              else window.location.assign('/');
            }}
          />
        </Suspense>
      </PageFrame>
      <CookieConsent cookies={cookies} />
    </>
  );
}
