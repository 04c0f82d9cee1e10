import { useId, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@kiosk/core';
import { checkoutBitcoinMessages } from '@kiosk/core/i18n/checkout-bitcoin';
import type { BitcoinInstructions, PaymentIntent } from '@kiosk/contracts';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';
import { useKiosk } from '../../provider/KioskProvider.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { DialogFrame } from '../../ui/dialogs/DialogFrame.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { checkoutErrorText } from '../error-text.ts';
import type { PayEvent, PayState } from '../pay-flow.ts';
import { formatCountdown, useSecondsLeft } from './countdown.ts';
import { DemoWalletButton } from './DemoWalletButton.tsx';
import { bitcoinSeenOf, useWaitUntilExpiry, type BitcoinSeen } from './waiting.ts';

export interface BitcoinDialogProps {
  /** False once the buyer closed it while waiting: hidden, it still keeps the wait going. */
  open: boolean;
  sessionId: string;
  instructions: BitcoinInstructions;
  /** The pay flow's step: `bitcoin` until the buyer says they paid, then `paying` (or `timeout`). */
  step: PayState['step'];
  /** The session's payment intent as last polled: what the server saw on the address. */
  intent: PaymentIntent | null | undefined;
  dispatch: Dispatch<PayEvent>;
  onHide: () => void;
  /** Reads the session again. */
  onRefresh: () => void;
}

const QR_SIZE = 200;

/**
 * Issue 26 item 1, the checkout's Bitcoin step: the exact amount in BTC and the order's own address
 * (each with copy), the BIP21 request as a QR code and as an "Open in wallet" link, and the time left.
 * "I have paid" names the address to the server once (the chain decides, not the buyer); then the step
 * waits, saying the confirmations once the server reports them. Full screen on a phone. In the demo, its
 * wallet can pay from here (DemoWalletButton).
 */
export function BitcoinDialog(props: BitcoinDialogProps) {
  useScreenMessages(checkoutBitcoinMessages);
  const { t } = useTranslation();
  const { client } = useKiosk();
  const descriptionId = useId();
  const { instructions, dispatch } = props;
  // The buyer said they paid: the page polls the session, and the step says what it waits for.
  const waiting = props.step === 'paying' || props.step === 'timeout';
  const seen = waiting ? bitcoinSeenOf(props.intent, instructions) : undefined;
  useWaitUntilExpiry(props.step, instructions, dispatch);
  const left = useSecondsLeft(instructions.expires_at);
  const expired = left === 0 && !seen;
  const btc = formatAmount(instructions.amount, instructions.decimal, {
    precision: instructions.decimal,
    fixed: true,
    thousandSeparator: '',
  });
  // One naming per order: a second click while the first is on its way sends nothing.
  const named = useRef(false);
  const [naming, setNaming] = useState(false);
  const [problem, setProblem] = useState<string>();

  const name = async () => {
    if (named.current || waiting || expired) return;
    named.current = true;
    setNaming(true);
    setProblem(undefined);
    try {
      await client.call('POST /api/checkout-sessions/:id/pay', {
        params: { id: props.sessionId },
        body: { tx_hash: instructions.address },
      });
      dispatch({ type: 'sent', now: Date.now() });
    } catch (error) {
      named.current = false;
      setProblem(t('checkoutBitcoin.nameFailed', { reason: checkoutErrorText(error, t) }));
    } finally {
      setNaming(false);
    }
  };

  // Before paying, closing goes back to the form; while waiting it only hides the step.
  const close = () => (waiting ? props.onHide() : dispatch({ type: 'dialogClosed' }));
  const restart = () => {
    dispatch({ type: 'restart' });
    props.onRefresh();
  };

  return (
    <DialogFrame
      open={props.open}
      title={t('checkoutBitcoin.title', { amount: `${btc} ${instructions.symbol}` })}
      descriptionId={descriptionId}
      onClose={close}
      busy={naming}
      keepOnBackdropClick
      size="xs"
      fullScreenOnPhone
    >
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {t('checkoutBitcoin.intro')}
          </Typography>
          <QrCode
            value={instructions.uri}
            size={QR_SIZE}
            alt={t('checkoutBitcoin.qrAlt', { amount: btc, address: instructions.address })}
          />
          <CopyRow
            label={t('checkoutBitcoin.amount')}
            copyLabel={t('checkoutBitcoin.copyAmount')}
            value={btc}
          >
            {`${btc} ${instructions.symbol}`}
          </CopyRow>
          <CopyRow
            label={t('checkoutBitcoin.address')}
            copyLabel={t('checkoutBitcoin.copyAddress')}
            value={instructions.address}
          >
            {instructions.address}
          </CopyRow>
          <Button variant="outlined" href={instructions.uri} fullWidth>
            {t('checkoutBitcoin.openWallet')}
          </Button>
          <DemoWalletButton
            sessionId={props.sessionId}
            instructions={instructions}
            disabled={waiting || expired || naming}
            onSent={name}
          />
          <Typography variant="body2" color="text.secondary">
            {t('checkoutBitcoin.confirmations', { count: instructions.confirmations })}
          </Typography>
          <StepStatus {...{ waiting, seen, expired, left, problem, onRestart: restart }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={naming}>
          {t('checkoutBitcoin.close')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void name()}
          disabled={waiting || expired}
          loading={naming}
          loadingPosition="start"
        >
          {t('checkoutBitcoin.paid')}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}

interface CopyRowProps {
  label: string;
  copyLabel: string;
  value: string;
  children: ReactNode;
}

/** A labelled value in a monospace face (an address is read and compared character by character). */
function CopyRow({ label, copyLabel, value, children }: CopyRowProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: 1 }}>{children}</Typography>
        <CopyButton value={value} label={copyLabel} failedText={t('checkoutBitcoin.copyFailed')} />
      </Stack>
    </Box>
  );
}

interface StepStatusProps {
  waiting: boolean;
  seen: BitcoinSeen | undefined;
  expired: boolean;
  left: number;
  problem: string | undefined;
  onRestart: () => void;
}

/** Where the payment stands: time left, waiting (and what was seen), expired, or a failed naming. */
function StepStatus({ waiting, seen, expired, left, problem, onRestart }: StepStatusProps) {
  const { t } = useTranslation();
  if (seen)
    return (
      <Alert severity="info" role="status" icon={<CircularProgress size={20} />}>
        {t('checkoutBitcoin.seen', { seen: seen.seen, needed: seen.needed })}
      </Alert>
    );
  if (expired)
    return (
      <Alert
        severity="warning"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={onRestart}>
            {t('checkoutBitcoin.startAgain')}
          </Button>
        }
      >
        {t('checkoutBitcoin.expired')}
      </Alert>
    );
  return (
    <Stack spacing={1}>
      {/* A timer is not read out each second; it is there when the buyer looks for it. */}
      <Typography role="timer" variant="body2">
        {t('checkoutBitcoin.expiresIn', { time: formatCountdown(left) })}
      </Typography>
      {waiting && (
        <Alert severity="info" role="status" icon={<CircularProgress size={20} />}>
          {t('checkoutBitcoin.waiting')} {t('checkoutBitcoin.waitingHint')}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
