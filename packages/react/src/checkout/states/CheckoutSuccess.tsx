import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CheckoutSession } from '@kiosk/contracts';
import { useKiosk } from '../../provider/KioskProvider.tsx';
import { leavePage } from '../leave-page.ts';
import { confirmationMessageOf, redirectAfterPaymentOf } from '../session-metadata.ts';
import { PoweredBy } from './PoweredBy.tsx';

/** How long the success screen shows before a redirecting link sends the buyer on. */
export const REDIRECT_AFTER_MS = 3_000;

/**
 * Seed 000 §2: the payment link's own confirmation message (or a default), a link to the invoice, and
 * a Powered by footer. Links point at Kiosk's own pages, also from an embedding host. A link whose
 * `after_completion` is a redirect shows this first, then sends the buyer to its address.
 */
export function CheckoutSuccess({ session }: { session: CheckoutSession }) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const custom = confirmationMessageOf(session);
  const donation = session.submit_type === 'donate';
  const redirect = redirectAfterPaymentOf(session);
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
        {t('checkout.success.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, whiteSpace: 'pre-line' }}>
        {custom || t(donation ? 'checkout.success.donation' : 'checkout.success.message')}
      </Typography>
      {redirect && <Typography color="text.secondary">{t('checkout.success.redirecting')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {session.invoice_id && (
          // A test purchase's invoice is test data: the page asks for it in test mode, whatever its own mode.
          <Button
            variant="outlined"
            href={client.pageUrl(
              `/customer/invoice/${session.invoice_id}${session.livemode ? '' : '?livemode=false'}`,
            )}
          >
            {t('checkout.success.invoice')}
          </Button>
        )}
        {(redirect ?? session.success_url) && (
          <Button
            variant="contained"
            href={redirect ?? session.success_url!.replace('{CHECKOUT_SESSION_ID}', session.id)}
          >
            {t('checkout.success.continue')}
          </Button>
        )}
      </Stack>
      <PoweredBy />
    </Stack>
  );
}
