import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CANCELLATION_FEEDBACK, type CancellationFeedback } from '@kiosk/core';
import type { CancelRequest } from './use-subscriptions.ts';
import type { CancelTiming } from './subscription-view.ts';

/** The API's limit on the comment (cancelSubscriptionBody in contracts); the field stops there. */
export const CANCEL_COMMENT_MAX = 500;

export interface CancelSubscriptionDialogProps {
  open: boolean;
  timing: CancelTiming;
  /** Formats a unix time in the page's language. */
  date: (unix: number) => string;
  pending: boolean;
  /** The server's refusal, said inside the dialog so the customer can try again. */
  error: string | null;
  onConfirm: (request: CancelRequest) => void;
  onClose: () => void;
  /** After the dialog has gone: the page moves focus to what replaced the cancel button. */
  onExited?: () => void;
}

/**
 * Seed 000 §1 and §3: cancelling says when it takes effect (a paid period at its end, a trial at
 * once) and asks, without insisting, why — the eight feedback values and a comment. The form is two
 * optional fields, so it holds them in state; the server checks them against the contract.
 */
export function CancelSubscriptionDialog({
  open,
  timing,
  date,
  pending,
  error,
  onConfirm,
  onClose,
  onExited,
}: CancelSubscriptionDialogProps) {
  const { t } = useTranslation();
  const ids = useId();
  const titleId = `${ids}-title`;
  const whenId = `${ids}-when`;
  const feedbackId = `${ids}-feedback`;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [feedback, setFeedback] = useState<CancellationFeedback | ''>('');
  const [comment, setComment] = useState('');

  const when =
    timing.when === 'periodEnd'
      ? t('portal.cancel.atPeriodEnd', { date: date(timing.at) })
      : t(timing.trial ? 'portal.cancel.trialNow' : 'portal.cancel.now');

  const confirm = () => onConfirm({ feedback: feedback || undefined, comment: comment.trim() || undefined });

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={whenId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>{t('portal.cancel.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={whenId} sx={{ mb: 2 }}>
          {when}
        </DialogContentText>
        <FormControl component="fieldset" disabled={pending} sx={{ mb: 2 }}>
          <FormLabel component="legend" id={feedbackId}>
            {t('portal.cancel.feedback')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={feedbackId}
            name="feedback"
            value={feedback}
            onChange={(event) => setFeedback(event.target.value as CancellationFeedback)}
          >
            {CANCELLATION_FEEDBACK.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio size="small" />}
                label={t(`billing.feedback.${value}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('portal.cancel.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          disabled={pending}
          multiline
          minRows={2}
          fullWidth
          helperText={t('portal.cancel.commentLength', { length: comment.length, max: CANCEL_COMMENT_MAX })}
          slotProps={{ htmlInput: { maxLength: CANCEL_COMMENT_MAX } }}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
            <AlertTitle>{t('billing.cancel.failed')}</AlertTitle>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('portal.cancel.keep')}
        </Button>
        <Button variant="contained" color="error" onClick={confirm} disabled={pending}>
          {t(pending ? 'portal.cancel.pending' : 'portal.cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
