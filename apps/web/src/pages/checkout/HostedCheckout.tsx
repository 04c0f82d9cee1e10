import { useTranslation } from 'react-i18next';
import { CheckoutForm, KioskProvider, useKiosk } from '@kiosk/react';
import { isWebAddress } from '@kiosk/contracts/web-address';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSignInRequest } from '../../hooks/use-sign-in-request.tsx';
import { hostedLayoutOf } from './hosted-layout.ts';

export interface HostedCheckoutProps {
  /** The address's id: a payment link's or a checkout session's. */
  id: string;
  /** The address's query (`?mode=…&currencyId=…`). */
  search: string;
  /** A link started this session: the address becomes `/checkout/pay/{sessionId}` with the same query. */
  onSessionStarted: (sessionId: string) => void;
  /** Cancelled where the session names no cancel_url: back where the buyer came from, or the store. */
  onLeave: () => void;
}

/**
 * The hosted checkout `/checkout/pay/{id}` (seed 001 §2), free of the router: the store's router shows
 * it (CheckoutPage) and so does the checkout's own entry (checkout-main.tsx), each moving the address
 * its own way.
 */
export function HostedCheckout({ id, search, onSessionStarted, onLeave }: HostedCheckoutProps) {
  const { t } = useTranslation();
  const params = new URLSearchParams(search);
  const { client } = useKiosk();
  const [signIn, signInDialog] = useSignInRequest();
  useDocumentTitle(t('page.screen.checkout'));

  return (
    <KioskProvider client={client} signIn={signIn}>
      <CheckoutForm
        id={id}
        mode={hostedLayoutOf(search)}
        currencyId={params.get('currencyId') ?? undefined}
        onSessionStarted={onSessionStarted}
        onCancel={(session) => {
          // A web page only, as the API takes it: a row stored before it checked is not followed.
          if (session?.cancel_url && isWebAddress(session.cancel_url))
            window.location.assign(session.cancel_url);
          else onLeave();
        }}
      />
      {signInDialog}
    </KioskProvider>
  );
}
