import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CheckoutSession } from '@kiosk/contracts';
import { useKiosk } from '../../provider/KioskProvider.tsx';
import { formatDay } from '../format-day.ts';
import { leavePage } from '../leave-page.ts';
import { confirmationMessageOf, redirectAfterPaymentOf, successUrlOf } from '../session-metadata.ts';
import { setupSubscriptionOf } from '../setup-subscription.ts';
import { PoweredBy } from './PoweredBy.tsx';

/**
 * When a subscription's free trial ends (unix seconds), read from the subscription itself: a checkout
 * that started one completes with nothing to pay. Undefined for anything else, and until it is read.
 */
function useTrialEnd(session: CheckoutSession): number | undefined {
  const { client } = useKiosk();
  const id = session.subscription_id;
  const trial = session.mode === 'subscription' && session.payment_status === 'no_payment_required';
  const subscription = useQuery({
    queryKey: ['checkout-subscription', id, session.livemode],
    enabled: trial && id !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: () =>
      client.call('GET /api/subscriptions/:id', {
        params: { id: id! },
        query: { livemode: session.livemode },
      }),
  });
  return subscription.data?.trial_end ?? undefined;
}

/** How long the success screen shows before a redirecting link sends the buyer on. */
export const REDIRECT_AFTER_MS = 3_000;

/** The screen's title and default message: what the completed session did. */
function outcomeText(session: CheckoutSession, t: TFunction): { title: string; message: string } {
  if (session.mode === 'setup') {
    const name = setupSubscriptionOf(session)?.name ?? session.subscription_id;
    return { title: t('checkout.success.setup'), message: t('checkout.success.setupMessage', { name }) };
  }
  if (session.mode === 'subscription')
    return { title: t('checkout.success.subscribed'), message: t('checkout.success.subscribedMessage') };
  return {
    title: t('checkout.success.title'),
    message: t(session.submit_type === 'donate' ? 'checkout.success.donation' : 'checkout.success.message'),
  };
}

/**
 * Seed 000 §2: the payment link's own confirmation message (or a default), a link to the subscription
 * (a subscription or setup checkout) or the invoice, and a Powered by footer. Links point at Kiosk's
 * own pages, also from an embedding host. A link whose `after_completion` is a redirect shows this
 * first, then sends the buyer to its address. A subscription says it started, and a trial when it
 * ends; a setup session, that the subscription's payment method is saved: the link's own message does
 * not know that.
 */
export function CheckoutSuccess({ session }: { session: CheckoutSession }) {
  const { t, i18n } = useTranslation();
  const { client } = useKiosk();
  const outcome = outcomeText(session, t);
  const message = confirmationMessageOf(session) || outcome.message;
  const trialEndsAt = useTrialEnd(session);
  const redirect = redirectAfterPaymentOf(session);
  const successUrl = successUrlOf(session);
  useEffect(() => {
    if (!redirect) return;
    const timer = setTimeout(() => leavePage(redirect), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [redirect]);

  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}
      role="status"
      data-testid="checkout-success"
    >
      <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h5" component="h1">
        {outcome.title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, whiteSpace: 'pre-line' }}>
        {message}
      </Typography>
      {trialEndsAt !== undefined && (
        <Typography color="text.secondary" data-testid="checkout-trial-ends">
          {t('checkout.success.trialEnds', {
            date: formatDay(trialEndsAt, i18n.language),
          })}
        </Typography>
      )}
      {redirect && <Typography color="text.secondary">{t('checkout.success.redirecting')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {/* A subscription's page lists its invoices, so it is the one link; a test purchase's records are
            test data, and their page asks for them in test mode, whatever its own mode. */}
        {session.subscription_id ? (
          <Button
            variant="outlined"
            href={client.pageUrl(
              `/customer/subscription/${session.subscription_id}${session.livemode ? '' : '?livemode=false'}`,
            )}
          >
            {t('checkout.success.subscription')}
          </Button>
        ) : (
          session.invoice_id && (
            <Button
              variant="outlined"
              href={client.pageUrl(
                `/customer/invoice/${session.invoice_id}${session.livemode ? '' : '?livemode=false'}`,
              )}
            >
              {t('checkout.success.invoice')}
            </Button>
          )
        )}
        {(redirect ?? successUrl) && (
          <Button variant="contained" href={redirect ?? successUrl}>
            {t('checkout.success.continue')}
          </Button>
        )}
      </Stack>
      <PoweredBy />
    </Stack>
  );
}
