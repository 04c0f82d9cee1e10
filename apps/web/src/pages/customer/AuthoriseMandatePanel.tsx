import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EvmMandateInstructions } from '@kiosk/contracts';
import {
  mandateConsentText,
  useInjectedWallets,
  type Eip1193Provider,
  type InjectedWalletOption,
} from '@kiosk/react';
import { DialogError } from '@kiosk/react/ui';
import {
  useSetupSessionPage,
  type MandateAnswer,
  type MandateStep,
  type MethodChoice,
} from './use-method-change.ts';

type OtherDevice = ReturnType<typeof useSetupSessionPage>;

export interface AuthoriseMandatePanelProps {
  answer: MandateAnswer;
  choice: MethodChoice;
  step: MandateStep;
  money: (amount: string) => string;
  onAuthorise: (provider: Eip1193Provider) => void;
  onCheckAgain: () => void;
  otherDevice: OtherDevice;
  onBack: () => void;
  onClose: () => void;
}

/** Whether the wallets are offered: before the first try, or again after the wallet stopped. */
const walletsOffered = (step: MandateStep) =>
  step.status === 'idle' || (step.status === 'failed' && step.stage === 'send');

const isBusy = (step: MandateStep) => step.status === 'sending' || step.status === 'confirming';

/** Where the authorisation stands, as the status line says it; nothing before it starts or once it failed. */
function authorisationStatus(step: MandateStep, choice: MethodChoice, t: TFunction): string {
  switch (step.status) {
    case 'sending':
      return t('methodChange.authorise.sending');
    case 'confirming':
      return t('methodChange.authorise.confirming');
    case 'done':
      return choice.current
        ? t('methodChange.done.again')
        : t('methodChange.done.changed', { method: choice.method.name, currency: choice.currency.symbol });
    default:
      return '';
  }
}

/**
 * What the wallet is asked to allow, a button per wallet in this browser, where the authorisation
 * stands (announced as it changes) and, once the server has the mandate, what changed.
 */
export function AuthoriseMandatePanel({
  answer,
  choice,
  step,
  money,
  onAuthorise,
  onCheckAgain,
  otherDevice,
  onBack,
  onClose,
}: AuthoriseMandatePanelProps) {
  const { t } = useTranslation();
  const wallets = useInjectedWallets();
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {step.status !== 'done' && (
            <MandateTerms
              instructions={answer.mandateInstructions}
              methodName={choice.method.name}
              money={money}
            />
          )}
          <Typography
            role="status"
            aria-live="polite"
            data-testid="method-change-status"
            sx={step.status === 'done' ? { fontWeight: 600 } : undefined}
          >
            {authorisationStatus(step, choice, t)}
          </Typography>
          {step.status === 'failed' && (
            <DialogError title={t('methodChange.authorise.failed')}>{step.message}</DialogError>
          )}
          {walletsOffered(step) && wallets.length === 0 && (
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
      <AuthoriseActions
        step={step}
        wallets={wallets}
        onAuthorise={onAuthorise}
        onCheckAgain={onCheckAgain}
        otherDevice={otherDevice}
        onBack={onBack}
        onClose={onClose}
      />
    </>
  );
}

/**
 * The mandate's terms in the kit's one wording (mandateConsentText, as the checkout says them): the most
 * each billing period may take, for how many payments, to whom; then the chain it is collected on and
 * how many transactions the wallet asks for.
 */
function MandateTerms({
  instructions,
  methodName,
  money,
}: {
  instructions: EvmMandateInstructions;
  methodName: string;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation();
  const consent = mandateConsentText(instructions, money(instructions.max_per_cycle), t);
  return (
    <Alert severity="info" icon={false} role="note" data-testid="mandate-terms">
      <Stack spacing={1}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {consent.limit}
        </Typography>
        <Typography variant="body2">
          {t('methodChange.authorise.chain', { name: methodName, id: instructions.chain_id })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {consent.steps}
        </Typography>
      </Stack>
    </Alert>
  );
}

/**
 * Back, Check again after a confirmation that failed, a button per wallet, and another device; Close
 * once done.
 */
function AuthoriseActions({
  step,
  wallets,
  onAuthorise,
  onCheckAgain,
  otherDevice,
  onBack,
  onClose,
}: Pick<
  AuthoriseMandatePanelProps,
  'step' | 'onAuthorise' | 'onCheckAgain' | 'otherDevice' | 'onBack' | 'onClose'
> & { wallets: InjectedWalletOption<Eip1193Provider>[] }) {
  const { t } = useTranslation();
  // The button that had focus (Continue, then the wallet's) goes with its step: focus moves to what
  // there is to do now, not to the page behind the dialog.
  const actionRef = useRef<HTMLButtonElement>(null);
  const done = step.status === 'done';
  useEffect(() => actionRef.current?.focus(), [done]);
  const busy = isBusy(step);
  const offered = walletsOffered(step);
  if (done)
    return (
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={onClose} ref={actionRef}>
          {t('methodChange.close')}
        </Button>
      </DialogActions>
    );
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
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
            {t(step.status === 'failed' ? 'methodChange.authorise.retry' : 'methodChange.authorise.with', {
              name: wallet.name,
            })}
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
    </DialogActions>
  );
}
