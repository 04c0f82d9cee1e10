import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppPricing, PurchaseVerification } from '@kiosk/contracts';
import { paidAppsMessages } from '@kiosk/core/i18n/paid-apps';
import { useScreenMessages } from '@kiosk/react';
import { errorMessage } from '@kiosk/react/ui';
import { useSession } from '../../../hooks/use-session.ts';
import { useSignInRequest } from '../../../hooks/use-sign-in-request.tsx';
import { feedbackKey } from '../feedback/use-app-feedback.ts';
import { pricingLabel, priceText } from './price-label.ts';
import { useAppPricing, useOwnership, useStartCheckout } from './use-app-purchase.ts';

const PurchaseDialog = lazy(() =>
  import('./PurchaseDialog.tsx').then((module) => ({ default: module.PurchaseDialog })),
);

export interface AppPurchaseProps {
  did: string;
  title: string;
  /** The download of the shown version: offered for a free app, and to a paid app's owner. */
  download: ReactNode;
}

/**
 * An app page's price and Buy (issue 24 item 2). A free app shows its download; a paid one its price
 * and Buy (or Subscribe), which opens Kiosk Pay's checkout on the page, and once Kiosk Pay says it
 * is paid, the download. A subscriber whose subscription stopped is told why and where to mend it.
 */
export function AppPurchase({ did, title, download }: AppPurchaseProps) {
  useScreenMessages(paidAppsMessages);
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data?.user?.did;
  const pricing = useAppPricing(did);
  const [sessionId, setSessionId] = useState<string>();
  const [paid, setPaid] = useState(false);
  const ownership = useOwnership(did, user, paid);
  const start = useStartCheckout(did);
  const [signIn, signInDialog] = useSignInRequest();
  const queryClient = useQueryClient();
  const bought = paid && ownership.data?.valid === true;
  // A buyer may now rate the app: the ratings read again.
  useEffect(() => {
    if (bought) void queryClient.invalidateQueries({ queryKey: feedbackKey(did) });
  }, [bought, did, queryClient]);

  if (pricing.isPending) return <Skeleton variant="rounded" width={200} height={44} aria-hidden="true" />;
  if (pricing.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void pricing.refetch()}>
            {t('paidApps.retry')}
          </Button>
        }
      >
        {t('paidApps.pricingError')}
      </Alert>
    );
  const label = pricingLabel(pricing.data);
  if (!label) return <>{download}</>;

  const owned = ownership.data?.valid === true;
  const buy = async () => {
    if (!user && !(await signIn())) return;
    const checkout = await start.mutateAsync();
    setPaid(false);
    setSessionId(checkout.checkout_session_id);
  };
  const subscription = pricing.data.type === 'subscription';

  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' } }}>
      <PriceLine pricing={pricing.data} label={t(label.key, { price: label.price })} />
      {owned ? (
        <>
          <Chip
            color="success"
            icon={<CheckCircleIcon />}
            label={paid ? t('paidApps.thanks', { title }) : t('paidApps.owned')}
            role={paid ? 'status' : undefined}
          />
          {download}
        </>
      ) : (
        <>
          <Stopped verification={ownership.data} />
          <Button
            variant="contained"
            size="large"
            onClick={() => void buy().catch(() => undefined)}
            disabled={start.isPending || (user !== undefined && ownership.isPending)}
            aria-label={t(subscription ? 'paidApps.subscribeNamed' : 'paidApps.buyNamed', { title })}
          >
            {start.isPending
              ? t('paidApps.starting')
              : t(subscription ? 'paidApps.subscribe' : 'paidApps.buy')}
          </Button>
          {start.isError && (
            <Alert severity="error">{errorMessage(start.error, t('paidApps.pricingError'))}</Alert>
          )}
        </>
      )}
      {sessionId && !(owned && paid) && (
        <Suspense fallback={null}>
          <PurchaseDialog
            title={t(subscription ? 'paidApps.subscribeNamed' : 'paidApps.buyNamed', { title })}
            sessionId={sessionId}
            paid={paid}
            onPaid={() => setPaid(true)}
            onClose={() => setSessionId(undefined)}
          />
        </Suspense>
      )}
      {signInDialog}
    </Stack>
  );
}

/** The main price, and the other currencies it can be paid in. */
function PriceLine({ pricing, label }: { pricing: AppPricing; label: string }) {
  const { t } = useTranslation();
  const others = pricing.prices.slice(1).map(priceText);
  return (
    <Stack sx={{ alignItems: { xs: 'center', sm: 'flex-end' } }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {label}
      </Typography>
      {others.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('paidApps.price.more', { prices: others.join(' · ') })}
        </Typography>
      )}
    </Stack>
  );
}

/** Why a subscriber's app stopped (past due, paused …), with the way to their subscriptions. */
function Stopped({ verification }: { verification: PurchaseVerification | undefined }) {
  const { t } = useTranslation();
  const status = verification?.subscription_status;
  const purchase = verification?.purchase;
  if (!status || !purchase || purchase.status !== 'paid') return null;
  const key =
    status === 'past_due' || status === 'paused' ? `paidApps.stopped.${status}` : 'paidApps.stopped.other';
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to="/customer" color="inherit" size="small">
          {t('paidApps.portal')}
        </Button>
      }
    >
      {t(key, { status })}
    </Alert>
  );
}
