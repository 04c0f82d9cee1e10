import { Suspense, lazy } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CheckoutSession } from '@kiosk/contracts';
import { ABOVE_COOKIE_CONSENT } from '../../cookie-consent/bottom-space.ts';
import type { CurrencyChoice } from '../order-view.ts';
import type { PayState } from '../pay-flow.ts';
import { isDonation } from '../donation.ts';
import { termsText, type SubscriptionTerms } from '../subscription-terms.ts';
import { CurrencyGrid } from './CurrencyGrid.tsx';
import type { CustomerFormValues, FormShape } from './customer-form.ts';
import { drawnOnServer } from '../../browser/drawn-on-server.ts';

// The text fields (and MUI's inputs, select and menu under them) load once a buyer is known: an
// anonymous buyer connects first and never sees them before.
const CustomerFields = lazy(() =>
  import('./CustomerFields.tsx').then((module) => ({ default: module.CustomerFields })),
);

export interface PaymentPanelProps {
  session: CheckoutSession;
  form: UseFormReturn<CustomerFormValues>;
  shape: FormShape;
  /** Seed 000 §2: contact fields only for a known buyer; others see "Connect and pay". */
  identified: boolean;
  purpose?: string;
  choices: CurrencyChoice[];
  selectedId: string | undefined;
  totals: Record<string, string>;
  onSelectCurrency: (currencyId: string) => void;
  total: string | undefined;
  /** Seed 000 §5: submit is disabled while any line fails. */
  payable: boolean;
  /** A subscription's: what is due today and then, said beside the button (a minimal layout has no summary). */
  subscriptionTerms?: SubscriptionTerms;
  pay: PayState;
  /** Small screens keep the submit button in reach at the bottom (seed 000 §2). */
  fixedSubmit: boolean;
  onSubmit: () => void;
  onCheckAgain: () => void;
  onCancel?: () => void;
}

export function PaymentPanel(props: PaymentPanelProps) {
  const { t, i18n } = useTranslation();
  const { session, pay, identified } = props;
  const selected = props.choices.find((choice) => choice.currency.id === props.selectedId)?.currency;
  const terms = props.subscriptionTerms;
  // Until a timed-out payment is settled, checking again is offered, not paying again.
  const busy = pay.step !== 'idle' && pay.step !== 'failed';
  // Seed 000 §6: a donation may be given without signing in; it asks for no details then.
  const anonymousDonation = !identified && isDonation(session);
  const label = submitLabel(session, identified || anonymousDonation, props.total, t);

  const submit = (
    <Stack spacing={1}>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        // Drawn on the server it waits for the page's scripts: a press before them would be lost.
        disabled={drawnOnServer() || !props.payable || !props.selectedId || busy}
        loading={pay.step === 'submitting'}
        loadingPosition="start"
      >
        {label}
      </Button>
      {terms && selected && (
        <Typography variant="body2" color="text.secondary" data-testid="checkout-due-today">
          {termsText(terms, selected, t, i18n.language).dueToday}
        </Typography>
      )}
      {props.onCancel && (
        <Button fullWidth onClick={props.onCancel} disabled={busy}>
          {t('checkout.cancel')}
        </Button>
      )}
    </Stack>
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('checkout.form')}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
      // Room under the form for the fixed bar, taller with a subscription's terms beside the button.
      sx={{ pb: props.fixedSubmit ? (terms ? 22 : 14) : 0 }}
    >
      <Stack spacing={3}>
        {identified ? (
          <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
            <CustomerFields form={props.form} shape={props.shape} purpose={props.purpose} disabled={busy} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">
            {t(anonymousDonation ? 'checkout.donation.anonymousHint' : 'checkout.contact.connectHint')}
          </Typography>
        )}
        {props.choices.length === 0 ? (
          <Alert severity="warning">{t('checkout.noCurrency')}</Alert>
        ) : (
          <CurrencyGrid
            choices={props.choices}
            selectedId={props.selectedId}
            totals={props.totals}
            disabled={busy}
            onSelect={props.onSelectCurrency}
          />
        )}
        <PayStatus pay={pay} settingUp={session.mode === 'setup'} onCheckAgain={props.onCheckAgain} />
        {props.fixedSubmit ? (
          <Paper
            elevation={8}
            square
            sx={{
              position: 'fixed',
              insetInline: 0,
              // Above the cookie banner while it asks: the banner must never cover the pay button.
              bottom: ABOVE_COOKIE_CONSENT,
              p: 2,
              zIndex: (theme) => theme.zIndex.appBar,
            }}
          >
            {submit}
          </Paper>
        ) : (
          submit
        )}
      </Stack>
    </Box>
  );
}

/**
 * What the submit button does: pay, donate, subscribe or authorise a subscription's future payments
 * (a setup session), after connecting when nobody is known.
 */
function submitLabel(
  session: CheckoutSession,
  identified: boolean,
  total: string | undefined,
  t: TFunction,
): string {
  if (session.mode === 'subscription')
    return t(identified ? 'checkout.submit.subscribe' : 'checkout.submit.connectSubscribe');
  if (session.mode === 'setup')
    return t(identified ? 'checkout.submit.setup' : 'checkout.submit.connectSetup');
  const donation = isDonation(session);
  if (!identified) return t(donation ? 'checkout.submit.connectDonate' : 'checkout.submit.connect');
  // No amount while the order's is not the one on the page (a typed amount refused or not sent yet).
  if (total === undefined)
    return t(donation ? 'checkout.submit.donateNoAmount' : 'checkout.submit.payNoAmount');
  return t(donation ? 'checkout.submit.donate' : 'checkout.submit.pay', { amount: total });
}

interface PayStatusProps {
  pay: PayState;
  /** A setup session's mandate replaces a running subscription's: none is started. */
  settingUp: boolean;
  onCheckAgain: () => void;
}

/** The pay flow's progress and outcomes, announced to screen readers as they change. */
function PayStatus({ pay, settingUp, onCheckAgain }: PayStatusProps) {
  const { t } = useTranslation();
  return (
    <Box aria-live="polite">
      {pay.step === 'paying' && (
        <Alert severity="info" icon={<CircularProgress size={20} />} data-testid="checkout-paying">
          {pay.instructions.type === 'evm_mandate' ? (
            <>
              <Typography variant="subtitle2">
                {t(settingUp ? 'checkout.settingUp.title' : 'checkout.authorising.title')}
              </Typography>
              <Typography variant="body2">
                {t(settingUp ? 'checkout.settingUp.description' : 'checkout.authorising.description')}
              </Typography>
            </>
          ) : (
            <>
              <Typography variant="subtitle2">{t('checkout.paying.title')}</Typography>
              <Typography variant="body2">{t('checkout.paying.description')}</Typography>
            </>
          )}
        </Alert>
      )}
      {pay.step === 'timeout' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onCheckAgain}>
              {t('checkout.paying.checkAgain')}
            </Button>
          }
        >
          {t('checkout.paying.timeout')}
        </Alert>
      )}
      {pay.step === 'failed' && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {pay.message}
        </Alert>
      )}
    </Box>
  );
}
