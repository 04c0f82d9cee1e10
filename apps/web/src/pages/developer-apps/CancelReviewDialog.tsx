import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface CancelReviewDialogProps {
  version: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Core's machine: `cancelled` is final, so cancelling is asked for twice. */
export function CancelReviewDialog({ version, pending, error, onConfirm, onClose }: CancelReviewDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('developerApps.cancelTitle', { version })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{t('developerApps.cancelMessage')}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" autoFocus>
          {t('developerApps.keep')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} loading={pending}>
          {t('developerApps.cancelConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
