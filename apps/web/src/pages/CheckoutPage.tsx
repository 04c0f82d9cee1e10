import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { HostedCheckout } from './checkout/HostedCheckout.tsx';

/**
 * The hosted checkout inside the store's router (an in-app visit, the dev server): a payment link
 * starts a session and the address becomes `/checkout/pay/{checkoutSessionId}`, so a reload keeps the
 * same order. A visit from outside loads the checkout's own entry instead (checkout-main.tsx).
 */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();

  const showSession = useCallback(
    (sessionId: string) => navigate(`/checkout/pay/${sessionId}${location.search}`, { replace: true }),
    [navigate, location.search],
  );

  return (
    <HostedCheckout
      id={id}
      search={location.search}
      onSessionStarted={showSession}
      onLeave={() => {
        if (window.history.length > 1) void navigate(-1);
        else void navigate('/');
      }}
    />
  );
}
