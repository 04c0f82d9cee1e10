import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, DialogFrame } from '@kiosk/react/ui';
import { AppReviewTypeSection } from './AppReviewTypeSection.tsx';
import { BlockSection } from './BlockSection.tsx';
import { ReviewFacts } from './ReviewFacts.tsx';
import { ReviewThread } from './ReviewThread.tsx';
import { adminActionsFor } from './review-actions.ts';
import { useReviewAction, type AdminReviewAction, type ReviewQueueItem } from './use-console-reviews.ts';

/** The contract's limit on a thread message. */
const MESSAGE_MAX_LENGTH = 10_000;

export interface ReviewDialogProps {
  item: ReviewQueueItem;
  onClose: () => void;
}

/**
 * One version under review (seed 001 §4, §6): its facts, its thread, the actions core's machine
 * allows from its status, and blocking its app. The status shown is the last action's answer, so the
 * panel stays right even when the version leaves the queue's filter.
 */
export function ReviewDialog({ item, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const actionsHeadingId = useId();
  const [current, setCurrent] = useState(item);
  const [message, setMessage] = useState('');
  const [messageMissing, setMessageMissing] = useState(false);
  const [confirmingReject, setConfirmingReject] = useState(false);
  const review = useReviewAction(item.app.did, item.version);
  const title = item.app.title || item.app.name;
  const actions = adminActionsFor(current.status);

  const request = (action: AdminReviewAction) => {
    const trimmed = message.trim();
    return trimmed ? { action, message: trimmed } : { action };
  };
  const applied = ({ version }: Awaited<ReturnType<typeof review.mutateAsync>>) => {
    setCurrent((before) => ({ ...before, ...version }));
    setMessage('');
  };
  const send = (action: AdminReviewAction) => review.mutate(request(action), { onSuccess: applied });

  const act = (action: AdminReviewAction) => {
    // docs/store.md: a comment without text is refused (REVIEW_MESSAGE_REQUIRED); say so before asking.
    if (action === 'comment' && !message.trim()) {
      setMessageMissing(true);
      return;
    }
    // Seed 001 §4: rejecting is irreversible, so it is confirmed first.
    if (action === 'reject') {
      review.reset();
      setConfirmingReject(true);
      return;
    }
    send(action);
  };

  return (
    <DialogFrame
      title={t('console.review.title', { title, version: item.version })}
      onClose={onClose}
      size="md"
      fullScreenOnPhone
    >
      <DialogContent dividers>
        <Stack spacing={3}>
          <ReviewFacts item={item} status={current.status} />

          <ReviewThread did={item.app.did} version={item.version} />

          <Box component="section" aria-labelledby={actionsHeadingId}>
            <Typography
              id={actionsHeadingId}
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 600, mb: 1 }}
            >
              {t('console.review.actions')}
            </Typography>
            {actions.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('console.review.noActions')}
              </Typography>
            ) : (
              <Stack spacing={1.5}>
                <ReviewMessageField
                  message={message}
                  missing={messageMissing}
                  onChange={(value) => {
                    setMessage(value);
                    if (value.trim()) setMessageMissing(false);
                  }}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  {actions.map((action) => (
                    <Button
                      key={action}
                      variant={action === 'comment' ? 'outlined' : 'contained'}
                      color={action === 'reject' ? 'error' : action === 'approve' ? 'success' : 'primary'}
                      onClick={() => act(action)}
                      disabled={review.isPending}
                    >
                      {t(`console.review.do.${action}`)}
                    </Button>
                  ))}
                </Stack>
              </Stack>
            )}
            {review.isSuccess && !confirmingReject && (
              <Alert severity="success" sx={{ mt: 1.5 }}>
                {t(`console.review.done.${review.variables.action}`)}
              </Alert>
            )}
            {review.isError && !confirmingReject && (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {review.error.message}
              </Alert>
            )}
          </Box>

          <Divider />
          <AppReviewTypeSection did={item.app.did} />
          <BlockSection did={item.app.did} title={title} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('console.review.close')}</Button>
      </DialogActions>
      {confirmingReject && (
        <ConfirmDialog
          title={t('console.reject.title', { version: item.version })}
          message={t('console.reject.message')}
          confirmLabel={t('console.reject.confirm')}
          tone="danger"
          onConfirm={async () => applied(await review.mutateAsync(request('reject')))}
          onClose={() => setConfirmingReject(false)}
        />
      )}
    </DialogFrame>
  );
}

/** The message sent with an action; a comment needs one, and says so here before it is sent. */
function ReviewMessageField({
  message,
  missing,
  onChange,
}: {
  message: string;
  missing: boolean;
  onChange: (message: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('console.review.message')}
      value={message}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      fullWidth
      error={missing}
      helperText={missing ? t('error.REVIEW_MESSAGE_REQUIRED') : t('console.review.messageHint')}
      slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
    />
  );
}
