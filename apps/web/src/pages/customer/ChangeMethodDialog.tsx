import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { methodChangeMessages } from '@kiosk/core/i18n/method-change';
import type { Subscription } from '@kiosk/contracts';
import { useInjectedWallets, useKioskSettings, useScreenMessages, type Eip1193Provider } from '@kiosk/react';
import { DialogError, DialogFrame, errorMessage } from '@kiosk/react/ui';
import { currencyOf, formatInvoiceMoney } from './invoice-view.ts';
import { periodMessage } from './subscription-view.ts';
import {
  mandateCycles,
  mandateRequestFor,
  methodChangeOffered,
  methodChoices,
  useAskMandate,
  useMandateAuthorisation,
  useSetupSessionPage,
  type MandateAnswer,
  type MandateStep,
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
        <AuthorisePanel
          subscription={subscription}
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

/** The methods as radio cards: the current one first and marked, saying it authorises again. */
function MethodChoices({
  choices,
  value,
  disabled,
  onChange,
}: {
  choices: MethodChoice[];
  value: string;
  disabled: boolean;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  const legendId = `${useId()}-legend`;
  return (
    <FormControl component="fieldset" disabled={disabled} fullWidth>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {t('methodChange.options')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        name="payment-method"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{ gap: 1 }}
      >
        {choices.map((choice) => (
          <MethodCard key={choice.key} choice={choice} checked={value === choice.key} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function MethodCard({ choice, checked }: { choice: MethodChoice; checked: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const nameId = `${ids}-name`;
  const detailsId = `${ids}-details`;
  return (
    <Box
      component="label"
      data-testid={`method-${choice.key}`}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 1.5,
        border: 1,
        borderRadius: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        cursor: 'pointer',
      }}
    >
      <Radio
        value={choice.key}
        slotProps={{ input: { 'aria-labelledby': nameId, 'aria-describedby': detailsId } }}
        sx={{ mt: -0.75 }}
      />
      <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('methodChange.option', { currency: choice.currency.symbol, method: choice.method.name })}
          </Typography>
          {choice.current && (
            <Chip size="small" color="primary" variant="outlined" label={t('methodChange.current')} />
          )}
        </Stack>
        <Typography id={detailsId} variant="body2" color="text.secondary">
          {choice.current
            ? t('methodChange.again')
            : t('methodChange.switch', { currency: choice.currency.symbol })}
        </Typography>
      </Stack>
    </Box>
  );
}

/**
 * What the wallet is asked to allow, a button per wallet in this browser, where the authorisation
 * stands (announced as it changes) and, once the server has the mandate, what changed.
 */
function AuthorisePanel({
  subscription,
  answer,
  choice,
  step,
  money,
  onAuthorise,
  onCheckAgain,
  otherDevice,
  onBack,
  onClose,
}: {
  subscription: Subscription;
  answer: MandateAnswer;
  choice: MethodChoice;
  step: MandateStep;
  money: (amount: string) => string;
  onAuthorise: (provider: Eip1193Provider) => void;
  onCheckAgain: () => void;
  otherDevice: ReturnType<typeof useSetupSessionPage>;
  onBack: () => void;
  onClose: () => void;
}) {
  // The button that had focus (Continue, then the wallet's) goes with its step: focus moves to what
  // there is to do now, not to the page behind the dialog.
  const actionRef = useRef<HTMLButtonElement>(null);
  const done = step.status === 'done';
  useEffect(() => actionRef.current?.focus(), [done]);
  const { t } = useTranslation();
  const wallets = useInjectedWallets();
  const instructions = answer.mandateInstructions;
  const period = periodMessage(subscription.recurring);
  const busy = step.status === 'sending' || step.status === 'confirming';
  const offered = step.status === 'idle' || (step.status === 'failed' && step.stage === 'send');
  const status =
    step.status === 'sending'
      ? t('methodChange.authorise.sending')
      : step.status === 'confirming'
        ? t('methodChange.authorise.confirming')
        : step.status === 'done'
          ? choice.current
            ? t('methodChange.done.again')
            : t('methodChange.done.changed', { method: choice.method.name, currency: choice.currency.symbol })
          : '';
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {step.status !== 'done' && (
            <Alert severity="info" icon={false} role="note" data-testid="mandate-terms">
              <Stack spacing={1}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('methodChange.authorise.limit', {
                    amount: money(instructions.max_per_cycle),
                    period: period ? t(period.key, period.params) : t('methodChange.authorise.perCycle'),
                    cycles: mandateCycles(instructions, subscription.recurring),
                    chain: t('methodChange.authorise.chain', {
                      name: choice.method.name,
                      id: instructions.chain_id,
                    }),
                  })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('methodChange.authorise.steps', { count: instructions.calls.length })}
                </Typography>
              </Stack>
            </Alert>
          )}
          <Typography
            role="status"
            aria-live="polite"
            data-testid="method-change-status"
            sx={step.status === 'done' ? { fontWeight: 600 } : undefined}
          >
            {status}
          </Typography>
          {step.status === 'failed' && (
            <DialogError title={t('methodChange.authorise.failed')}>{step.message}</DialogError>
          )}
          {offered && wallets.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('methodChange.authorise.noWallet')}
            </Typography>
          )}
          {otherDevice.isError && (
            <Alert severity="error" role="alert">
              {t('methodChange.otherDeviceFailed')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step.status === 'done' ? (
          <Button variant="contained" onClick={onClose} ref={actionRef}>
            {t('methodChange.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onBack} disabled={busy}>
              {t('methodChange.back')}
            </Button>
            {step.status === 'failed' && step.stage === 'confirm' && (
              <Button variant="contained" onClick={onCheckAgain}>
                {t('methodChange.authorise.checkAgain')}
              </Button>
            )}
            {(offered || step.status === 'sending') &&
              wallets.map((wallet, index) => (
                <Button
                  key={wallet.id}
                  ref={index === 0 ? actionRef : undefined}
                  variant="contained"
                  loading={busy}
                  loadingPosition="start"
                  disabled={busy}
                  onClick={() => onAuthorise(wallet.provider)}
                >
                  {t(
                    step.status === 'failed' ? 'methodChange.authorise.retry' : 'methodChange.authorise.with',
                    {
                      name: wallet.name,
                    },
                  )}
                </Button>
              ))}
            {offered && (
              <Button
                variant={wallets.length ? 'outlined' : 'contained'}
                loading={otherDevice.isPending || otherDevice.isSuccess}
                onClick={() => otherDevice.mutate()}
              >
                {t('methodChange.otherDevice')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </>
  );
}
