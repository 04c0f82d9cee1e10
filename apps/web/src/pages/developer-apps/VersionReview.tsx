import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AppDetail, AppVersion } from '@kiosk/contracts';
import { ConfirmDialog } from '@kiosk/react/ui';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { developerActionsFor } from '../console/review-actions.ts';
import { ReviewStatusChip } from '../console/ReviewStatusChip.tsx';
import { ReviewThread } from './ReviewThread.tsx';
import { useReviewAction, type DeveloperReviewAction } from './use-developer-apps.ts';

const MESSAGE_MAX_LENGTH = 10_000;

export interface VersionReviewProps {
  app: AppDetail;
  version: AppVersion;
  defaultExpanded?: boolean;
}

/** One version: its status, the actions its status allows, and its review thread (read when opened). */
export function VersionReview({ app, version, defaultExpanded = false }: VersionReviewProps) {
  const { t } = useTranslation();
  const summaryId = useId();
  const messageId = useId();
  const review = useReviewAction(app.did);
  const [message, setMessage] = useState('');
  const [messageMissing, setMessageMissing] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const actions = developerActionsFor(version.status, {
    reviewType: app.review_type ?? null,
    blocked: app.blocked ?? false,
  });
  const writes = actions.includes('reply') || actions.includes('requestReview');
  const label = t('developerApps.versionLabel', { version: version.version });

  const act = (action: DeveloperReviewAction) => {
    const text = message.trim();
    // The server asks the same (REVIEW_MESSAGE_REQUIRED); saying it here saves the round trip.
    if (action === 'reply' && !text) {
      setMessageMissing(true);
      return;
    }
    setMessageMissing(false);
    const sendsMessage = action === 'reply' || action === 'requestReview';
    review.mutate(
      { version: version.version, action, message: sendsMessage && text ? text : undefined },
      { onSuccess: () => setMessage('') },
    );
  };

  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ '&:not(:first-of-type)': { borderTop: 0 } }}
    >
      {/* The accordion's own heading (h3) wraps the summary: the version is a heading below the panel's h2. */}
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId}>
        <VersionHeading label={label} version={version} />
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2} component="section" aria-label={label}>
          {version.changelog && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {version.changelog}
            </Typography>
          )}
          {actions.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('developerApps.noActions')}
            </Typography>
          ) : (
            <Box>
              {writes && (
                <TextField
                  id={messageId}
                  label={t('developerApps.message')}
                  value={message}
                  onChange={(event) => {
                    setMessage(event.target.value);
                    if (event.target.value.trim()) setMessageMissing(false);
                  }}
                  multiline
                  minRows={2}
                  fullWidth
                  error={messageMissing}
                  helperText={t(
                    messageMissing ? 'developerApps.messageRequired' : 'developerApps.messageHint',
                  )}
                  slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
                  sx={{ mb: 1.5 }}
                />
              )}
              <VersionActionButtons
                actions={actions}
                pending={review.isPending}
                onAct={act}
                onCancelReview={() => setConfirmingCancel(true)}
              />
            </Box>
          )}
          {review.isError && !confirmingCancel && <Alert severity="error">{review.error.message}</Alert>}
          <ReviewThread did={app.did} version={version.version} />
        </Stack>
      </AccordionDetails>
      {confirmingCancel && (
        // Core's machine: `cancelled` is final, so cancelling is asked for twice.
        <ConfirmDialog
          title={t('developerApps.cancelTitle', { version: version.version })}
          message={t('developerApps.cancelMessage')}
          confirmLabel={t('developerApps.cancelConfirm')}
          cancelLabel={t('developerApps.keep')}
          tone="danger"
          onConfirm={() => review.mutateAsync({ version: version.version, action: 'cancelReview' })}
          onClose={() => {
            review.reset();
            setConfirmingCancel(false);
          }}
        />
      )}
    </Accordion>
  );
}

/** The accordion's summary line: the version, its status and when it was uploaded. */
function VersionHeading({ label, version }: { label: string; version: AppVersion }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 1.5 }}
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
    >
      <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <ReviewStatusChip status={version.status} />
      <Typography variant="caption" color="text.secondary">
        {t('developerApps.uploadedAt', { time: formatUnixTime(version.created_at, i18n.language) })}
      </Typography>
    </Stack>
  );
}

/** The actions the version's status allows the developer; cancelling a review is confirmed first. */
function VersionActionButtons({
  actions,
  pending,
  onAct,
  onCancelReview,
}: {
  actions: readonly DeveloperReviewAction[];
  pending: boolean;
  onAct: (action: DeveloperReviewAction) => void;
  onCancelReview: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {actions.includes('requestReview') && (
        <Button variant="contained" onClick={() => onAct('requestReview')} disabled={pending}>
          {t('developerApps.requestReview')}
        </Button>
      )}
      {actions.includes('publish') && (
        <Button variant="contained" color="success" onClick={() => onAct('publish')} disabled={pending}>
          {t('developerApps.publish')}
        </Button>
      )}
      {actions.includes('reply') && (
        <Button variant="outlined" onClick={() => onAct('reply')} disabled={pending}>
          {t('developerApps.reply')}
        </Button>
      )}
      {actions.includes('cancelReview') && (
        <Button color="error" onClick={onCancelReview} disabled={pending}>
          {t('developerApps.cancelReview')}
        </Button>
      )}
    </Stack>
  );
}
