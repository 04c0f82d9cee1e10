import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { methodChangeMessages } from '@kiosk/core/i18n/method-change';
import type { Subscription } from '@kiosk/contracts';
import { ApiError } from '@kiosk/sdk';
import { useKioskSettings, useScreenMessages } from '@kiosk/react';
import { DialogError, DialogFrame, errorMessage } from '@kiosk/react/ui';
import { AuthoriseMandatePanel } from './AuthoriseMandatePanel.tsx';
import { currencyOf, formatInvoiceMoney } from './invoice-view.ts';
import { MethodChoices } from './MethodChoices.tsx';
import {
  mandateRequestFor,
  methodChangeOffered,
  methodChoices,
  useAskMandate,
  useMandateAuthorisation,
  useSetupSessionPage,
  type MandateAnswer,
  type MethodChoice,
} from './use-method-change.ts';

export interface ChangeMethodActionProps {
  subscription: Subscription;
  livemode: boolean;
}

/**
 * "Change payment method" beside the subscription's other actions, while it is active, trialing or
 * past due, and the dialog it opens. The dialog says its own outcome, so the page needs nothing back.
 */
export function ChangeMethodAction({ subscription, livemode }: ChangeMethodActionProps) {
  useScreenMessages(methodChangeMessages);
  const { t } = useTranslation();
  // The dialog keeps what it shows until its exit has run.
  const [dialog, setDialog] = useState<{ open: boolean } | null>(null);
  if (!methodChangeOffered(subscription)) return null;
  return (
    <>
      <Button variant="outlined" aria-haspopup="dialog" onClick={() => setDialog({ open: true })}>
        {t('methodChange.button')}
      </Button>
      {dialog && (
        <ChangeMethodDialog
          open={dialog.open}
          subscription={subscription}
          livemode={livemode}
          onClose={() => setDialog({ open: false })}
          onExited={() => setDialog(null)}
        />
      )}
    </>
  );
}

export interface ChangeMethodDialogProps {
  open: boolean;
  subscription: Subscription;
  livemode: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * Seed 000 §1 "changing payment method (future invoices only)" and authorising again
 * (docs/recurring-crypto.md): choose a method and currency (the current one authorises again), the
 * server answers the wallet's calls, the wallet sends them and the server reads the new mandate.
 */
export function ChangeMethodDialog({
  open,
  subscription,
  livemode,
  onClose,
  onExited,
}: ChangeMethodDialogProps) {
  useScreenMessages(methodChangeMessages);
  const { t } = useTranslation();
  const settings = useKioskSettings(livemode);
  const choices = methodChoices(settings.data, subscription);
  const ask = useAskMandate(subscription.id, livemode);
  const authorisation = useMandateAuthorisation(subscription.id, livemode);
  const otherDevice = useSetupSessionPage(subscription.id, livemode);
  const [chosen, setChosen] = useState<string | null>(null);
  const [asked, setAsked] = useState<{ answer: MandateAnswer; choice: MethodChoice } | null>(null);
  const selected = choices.find((choice) => choice.key === (chosen ?? choices[0]?.key));
  const step = authorisation.step;
  const busy = ask.isPending || step.status === 'sending' || step.status === 'confirming';

  const proceed = () => {
    if (!selected) return;
    ask.mutate(mandateRequestFor(selected), {
      onSuccess: (answer) => {
        authorisation.reset();
        setAsked({ answer, choice: selected });
      },
      // A card is saved on the hosted setup page, in the processor's own form: the browser goes there.
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'MANDATE_NEEDS_SETUP_CHECKOUT') otherDevice.mutate();
      },
    });
  };

  return (
    <DialogFrame
      open={open}
      title={t(asked && step.status !== 'done' ? 'methodChange.authorise.title' : 'methodChange.title')}
      onClose={onClose}
      busy={busy}
      fullScreenOnPhone
      onExited={onExited}
    >
      {asked ? (
        <AuthoriseMandatePanel
          answer={asked.answer}
          choice={asked.choice}
          step={step}
          money={(amount) => {
            const { currency_id, decimal, symbol } = asked.answer.mandateInstructions;
            // A currency the settings no longer list is still said in the instructions' own terms.
            const known = currencyOf(settings.data, currency_id) ?? {
              decimal,
              symbol,
              maximum_precision: decimal,
            };
            return formatInvoiceMoney(amount, known, currency_id);
          }}
          onAuthorise={(provider) => void authorisation.authorise(asked.answer.mandateInstructions, provider)}
          onCheckAgain={() => void authorisation.confirmAgain()}
          otherDevice={otherDevice}
          onBack={() => setAsked(null)}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('methodChange.description')}</DialogContentText>
            {settings.isPending ? (
              <Skeleton variant="rounded" height={96} aria-label={t('methodChange.loading')} />
            ) : choices.length === 0 ? (
              <Typography color="text.secondary">{t('methodChange.none')}</Typography>
            ) : (
              <MethodChoices
                choices={choices}
                value={selected?.key ?? ''}
                disabled={ask.isPending}
                onChange={setChosen}
              />
            )}
            {ask.isError && (
              <DialogError title={t('methodChange.prepareFailed')} sx={{ mt: 2 }}>
                {errorMessage(ask.error, t('error.unknown'))}
              </DialogError>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose} disabled={ask.isPending}>
              {t('methodChange.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={proceed}
              loading={ask.isPending}
              loadingPosition="start"
              disabled={!selected || ask.isPending}
            >
              {t(ask.isPending ? 'methodChange.preparing' : 'methodChange.continue')}
            </Button>
          </DialogActions>
        </>
      )}
    </DialogFrame>
  );
}
