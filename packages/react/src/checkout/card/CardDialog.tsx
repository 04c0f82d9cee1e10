import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStripe } from '@stripe/stripe-js/pure';
import type {
  Appearance,
  Stripe,
  StripeElementsOptionsClientSecret,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme, type Theme } from '@mui/material/styles';
import { matchLocale } from '@kiosk/core';
import { cardMessages } from '@kiosk/core/i18n/cards';
import { checkoutCardMessages } from '@kiosk/core/i18n/checkout-card';
import type { CheckoutSession, PaymentMethod } from '@kiosk/contracts';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';
import { checkoutErrorText } from '../error-text.ts';
import type { CardContext, CardInstructions } from '../pay-flow.ts';
import type { CustomerFormValues, FormShape } from '../payment/customer-form.ts';
import {
  cardFieldsOf,
  cardSettingsOf,
  type CardAddressFields,
  type CardBillingDetails,
  type CardSettings,
} from './card-fields.ts';
import { confirmCard } from './confirm-card.ts';
import { CardSkeleton, savingTerms } from './card-parts.tsx';
import { loadStripeScript } from './stripe-script.ts';
import { usePaymentElement } from './use-payment-element.ts';

export interface CardDialogProps {
  /** Seed 000 §4: shown 200 ms after the submit answers; Stripe.js loads from the start. */
  open: boolean;
  /** The checkout a subscription's card is saved for: its trial is said in the terms. */
  session?: CheckoutSession;
  instructions: CardInstructions;
  /** The card method the order is paid with: its public settings say how to load Stripe.js. */
  method: Pick<PaymentMethod, 'settings'> | undefined;
  /** What the card pays (each cycle, for a subscription), as the page shows amounts (`25 USD`). */
  amount: string;
  /** The currency's decimals, as the page shows amounts. */
  currency: { decimal: number; maximum_precision: number; symbol: string };
  context: CardContext;
  /** The details the buyer submitted, and which of them the session asks. */
  values: CustomerFormValues;
  shape: FormShape;
  /** A phone's screen (under 600 px): the form takes all of it. */
  fullScreen: boolean;
  onClose: () => void;
  /**
   * Tells the server what the processor confirmed (the PaymentIntent's or SetupIntent's id), as a
   * wallet names its transfer: the checkout's pay or mandate call, an overdue intent's pay.
   */
  report: (confirmed: string) => Promise<unknown>;
  /** The processor confirmed and the server has been told: the page waits for the server. */
  onConfirmed: () => void;
}

/**
 * The card form of the checkout (issue 22; seed 000 §4 card branch): Stripe's Payment Element for the
 * payment the server opened, in a dialog labelled with the amount, full screen on a phone. Stripe.js
 * loads from the card method's `js_url` when it has one (the local emulator), else from Stripe. While
 * it loads a skeleton stands in; a failure says so and offers Retry. Escape or Cancel closes it (not
 * while a confirmation is under way).
 */
export function CardDialog(props: CardDialogProps) {
  useScreenMessages(cardMessages);
  useScreenMessages(checkoutCardMessages);
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const titleId = useId();
  const descriptionId = useId();
  const [attempt, setAttempt] = useState(0);
  const processor = useCardProcessor(cardSettingsOf(props.method), attempt);
  const [elementFailed, setElementFailed] = useState<number>();
  const [confirming, setConfirming] = useState(false);
  // The buyer's details are those submitted: the form behind is locked meanwhile.
  const [fields] = useState(() => cardFieldsOf(props.values, props.shape));
  const { client_secret: clientSecret } = props.context;
  const locale = matchLocale(i18n.language) ?? 'en';
  const options = useMemo<StripeElementsOptionsClientSecret>(
    () => ({ clientSecret, locale, appearance: appearanceOf(theme) }),
    [clientSecret, locale, theme],
  );
  const { amount } = props;
  // A subscription saves the card (a SetupIntent): its terms are said before the customer agrees.
  const saving = props.context.intent_type === 'setup_intent';
  const terms = saving ? savingTerms(props, t) : undefined;
  const title = saving ? t('checkoutCard.saveTitle') : t('checkoutCard.title', { amount });
  const action = saving ? t('checkoutCard.subscribe') : t('checkoutCard.pay', { amount });
  const failed = processor.status === 'failed' || elementFailed === attempt;
  const close = () => {
    if (!confirming) props.onClose();
  };

  return (
    <Dialog
      open={props.open}
      onClose={(_event, reason) => reason === 'escapeKeyDown' && close()}
      fullWidth
      maxWidth="xs"
      fullScreen={props.fullScreen}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Stripe's 3-D Secure challenge opens over the page, outside this dialog: it must take focus.
      disableEnforceFocus={confirming}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {processor.status === 'ready' && !failed ? (
        <CardForm
          key={attempt}
          stripe={processor.stripe}
          elementsOptions={options}
          report={props.report}
          saving={saving}
          terms={terms}
          action={action}
          descriptionId={descriptionId}
          address={fields.address}
          billingDetails={fields.billingDetails}
          confirming={confirming}
          onConfirming={setConfirming}
          onCancel={close}
          onConfirmed={props.onConfirmed}
          onLoadFailed={() => setElementFailed(attempt)}
        />
      ) : (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2}>
              <Box id={descriptionId} sx={{ typography: 'body2', color: 'text.secondary' }}>
                {terms && (
                  <Box component="p" sx={{ mt: 0 }}>
                    {terms}
                  </Box>
                )}
                {t('checkoutCard.secure')}
              </Box>
              {failed ? (
                <Alert
                  severity="error"
                  action={
                    <Button color="inherit" size="small" onClick={() => setAttempt(attempt + 1)}>
                      {t('checkoutCard.retry')}
                    </Button>
                  }
                >
                  {t('checkoutCard.loadFailed')}
                </Alert>
              ) : (
                <CardSkeleton label={t('checkoutCard.loading')} />
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('checkoutCard.cancel')}</Button>
            <Button variant="contained" disabled>
              {action}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

interface CardFormProps {
  stripe: Stripe;
  elementsOptions: StripeElementsOptionsClientSecret;
  report: (confirmed: string) => Promise<unknown>;
  /** Saving the card for a subscription (confirmSetup), not paying now (confirmPayment). */
  saving: boolean;
  terms: string | undefined;
  /** The submit button's words: Pay 25 USD, or Subscribe. */
  action: string;
  descriptionId: string;
  address: CardAddressFields;
  billingDetails: CardBillingDetails;
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  onCancel: () => void;
  onConfirmed: () => void;
  onLoadFailed: () => void;
}

// Laid out (Stripe's frame loads and sizes itself) but unseen until the element says it is ready.
const UNTIL_READY = { height: 0, overflow: 'hidden', visibility: 'hidden' } as const;

/**
 * The Payment Element and the Pay button (enabled once the card is complete). Confirming lets Stripe
 * open a 3-D Secure challenge in place; a refusal is said in the buyer's language and the form stays
 * for a correction or another card; a payment Stripe took is named to the server (as a wallet names
 * its transfer), and the page then waits for the server's word.
 */
function CardForm(props: CardFormProps) {
  const { t } = useTranslation();
  const { stripe } = props;
  const [ready, setReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { address, billingDetails, onConfirming, onConfirmed } = props;
  const options = useMemo<StripePaymentElementOptions>(
    () => ({ fields: { billingDetails: { address } } }),
    [address],
  );
  const { nodeRef, elementsRef } = usePaymentElement(stripe, props.elementsOptions, options, {
    onReady: () => setReady(true),
    onChange: (event) => setComplete(event.complete),
    onEscape: props.onCancel,
    onLoadError: props.onLoadFailed,
  });
  const focusCard = () => elementsRef.current?.getElement('payment')?.focus();
  // Focus goes to the card's first field once it is shown.
  useEffect(() => {
    if (ready) elementsRef.current?.getElement('payment')?.focus();
  }, [ready, elementsRef]);

  const confirm = async () => {
    onConfirming(true);
    setProblem(undefined);
    const outcome = await confirmCard(stripe, elementsRef.current, props.saving, billingDetails);
    if ('paid' in outcome) {
      try {
        await props.report(outcome.paid);
        onConfirming(false);
        onConfirmed();
        return;
      } catch (error) {
        const reason = checkoutErrorText(error, t);
        setProblem(
          t(props.saving ? 'checkoutCard.saveReportFailed' : 'checkoutCard.reportFailed', { reason }),
        );
      }
    } else if (outcome.failure) {
      setProblem(t(`error.${outcome.failure}`));
      focusCard();
    }
    onConfirming(false);
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('checkoutCard.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (complete && !props.confirming) void confirm();
      }}
    >
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Box id={props.descriptionId} sx={{ typography: 'body2', color: 'text.secondary' }}>
            {props.terms && (
              <Box component="p" sx={{ mt: 0 }}>
                {props.terms}
              </Box>
            )}
            {t('checkoutCard.secure')}
          </Box>
          {!ready && <CardSkeleton label={t('checkoutCard.loading')} />}
          <Box sx={ready ? undefined : UNTIL_READY}>
            <div ref={nodeRef} />
          </Box>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.confirming}>
          {t('checkoutCard.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!complete || props.confirming}
          loading={props.confirming}
          loadingPosition="start"
        >
          {props.action}
        </Button>
      </DialogActions>
    </Box>
  );
}

type Processor = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

async function loadProcessor(settings: CardSettings | undefined): Promise<Stripe> {
  if (!settings) throw new Error('The card method has no publishable key');
  if (settings.jsUrl) await loadStripeScript(settings.jsUrl);
  const stripe = await loadStripe(settings.publishableKey);
  if (!stripe) throw new Error('Stripe.js cannot run here');
  return stripe;
}

/** Stripe.js for `settings`, loaded again for each `attempt` (a Retry after a failure). */
function useCardProcessor(settings: CardSettings | undefined, attempt: number): Processor {
  const [loaded, setLoaded] = useState<{ attempt: number; processor: Processor }>();
  const key = settings?.publishableKey;
  const jsUrl = settings?.jsUrl;
  useEffect(() => {
    let current = true;
    loadProcessor(key ? { publishableKey: key, ...(jsUrl ? { jsUrl } : {}) } : undefined).then(
      (stripe) => current && setLoaded({ attempt, processor: { status: 'ready', stripe } }),
      (error: unknown) => {
        console.warn('Kiosk checkout: the card form could not load Stripe.js', error);
        if (current) setLoaded({ attempt, processor: { status: 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, jsUrl, attempt]);
  return loaded?.attempt === attempt ? loaded.processor : { status: 'loading' };
}

/** The Payment Element in the page's own look: its colours, type and corners. */
function appearanceOf(theme: Theme): Appearance {
  const radius = theme.shape.borderRadius;
  return {
    theme: theme.palette.mode === 'dark' ? 'night' : 'stripe',
    variables: {
      colorPrimary: theme.palette.primary.main,
      colorBackground: theme.palette.background.paper,
      colorText: theme.palette.text.primary,
      colorDanger: theme.palette.error.main,
      fontFamily: theme.typography.fontFamily,
      borderRadius: typeof radius === 'number' ? `${radius}px` : radius,
    },
  };
}
