import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ApiKey } from '@kiosk/contracts';
import { useRevokeApiKey } from '../../hooks/use-api-keys.ts';

export interface RevokeApiKeyDialogProps {
  apiKey: ApiKey;
  onClose: () => void;
}

export function RevokeApiKeyDialog({ apiKey, onClose }: RevokeApiKeyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const revoke = useRevokeApiKey();

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('apiKeys.revokeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>
          {t('apiKeys.revokeMessage', { name: apiKey.name })}
        </DialogContentText>
        {revoke.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {revoke.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {/* The safe choice takes the focus, so a reflexive Enter keeps the key. */}
        <Button onClick={onClose} color="inherit" autoFocus>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={revoke.isPending}
          onClick={() => revoke.mutate(apiKey.id, { onSuccess: onClose })}
        >
          {t('apiKeys.revoke')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
