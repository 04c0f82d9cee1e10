import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckoutSession } from '@kiosk/contracts';
import { CheckoutForm } from '../checkout/CheckoutForm.tsx';
import { forgetStartedCheckout } from '../checkout/use-checkout.ts';

// Seed 001 §9: the donation dialog is 680 px wide.
const DIALOG_WIDTH = 680;

export interface DonateDialogProps {
  open: boolean;
  onClose: () => void;
  /** The donation link a new checkout starts from each time the dialog opens. */
  linkId: string;
  title: string;
  /** How long the thanks stays before the dialog closes itself. */
  autoCloseMs: number;
  onPaid: (session: CheckoutSession) => void;
}

/** Counts down the seconds the thanks stays, then closes; said politely to screen readers. */
function ClosingNote({ ms, onDone }: { ms: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(Math.ceil(ms / 1000));
  // The host re-rendering (the supporters list refreshing) must not restart the count.
  const done = useEffectEvent(onDone);
  useEffect(() => {
    const closing = setTimeout(() => done(), ms);
    const tick = setInterval(() => setLeft((seconds) => Math.max(seconds - 1, 0)), 1000);
    return () => {
      clearTimeout(closing);
      clearInterval(tick);
    };
  }, [ms]);
  return (
    <Alert severity="success" role="status" sx={{ mt: 2 }}>
      {t('donate.closing', { seconds: left })}
    </Alert>
  );
}

/**
 * The donation form (the checkout of the donation link) in a 680 px dialog, full screen on a phone.
 * Once paid, the checkout's thanks shows and the dialog closes after `autoCloseMs` (seed 001 §9).
 * Closed unpaid, it opens again where the donor left it.
 */
export function DonateDialog({ open, onClose, linkId, title, autoCloseMs, onPaid }: DonateDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const [paid, setPaid] = useState(false);
  const queryClient = useQueryClient();
  // Closed unpaid, it opens again on the same checkout; paid, the next donation is a new one.
  const exited = () => {
    if (paid) forgetStartedCheckout(queryClient, linkId);
    setPaid(false);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: phone ? undefined : { maxWidth: DIALOG_WIDTH } },
        transition: { onExited: exited },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('donate.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <CheckoutForm
          id={linkId}
          mode="inline"
          onPaid={(session) => {
            setPaid(true);
            onPaid(session);
          }}
        />
        {paid && <ClosingNote ms={autoCloseMs} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
