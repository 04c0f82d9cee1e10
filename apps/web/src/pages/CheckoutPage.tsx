import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CHECKOUT_LAYOUTS, CheckoutForm, KioskProvider, type CheckoutLayout } from '@kiosk/react';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useSignInRequest } from '../hooks/use-sign-in-request.tsx';
import { kioskClient } from '../lib/api.ts';

/** `?mode=standalone-minimal` hides the summary; the hosted page is standalone either way. */
function layoutOf(mode: string | null): CheckoutLayout {
  return (
    CHECKOUT_LAYOUTS.find((layout) => layout === mode && layout.startsWith('standalone')) ?? 'standalone'
  );
}

/**
 * The hosted checkout `/checkout/pay/{id}` (seed 001 §2): a payment link starts a session and the
 * address becomes `/checkout/pay/{checkoutSessionId}`, so a reload keeps the same order.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [signIn, signInDialog] = useSignInRequest();
  useDocumentTitle(t('page.screen.checkout'));

  const showSession = useCallback(
    (sessionId: string) => navigate(`/checkout/pay/${sessionId}${location.search}`, { replace: true }),
    [navigate, location.search],
  );

  return (
    <KioskProvider client={kioskClient} signIn={signIn}>
      <CheckoutForm
        id={id}
        mode={layoutOf(params.get('mode'))}
        currencyId={params.get('currencyId') ?? undefined}
        onSessionStarted={showSession}
        onCancel={(session) => {
          if (session?.cancel_url) window.location.assign(session.cancel_url);
          else if (window.history.length > 1) navigate(-1);
          else navigate('/');
        }}
      />
      {signInDialog}
    </KioskProvider>
  );
}
