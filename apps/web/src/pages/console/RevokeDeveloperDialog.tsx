import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MONOSPACE_FONT } from '../../theme.ts';
import { useRevokeDeveloper } from './use-developers.ts';

export interface RevokeDeveloperDialogProps {
  /** The user's name, or their short DID. */
  name: string;
  did: string;
  passportId: string;
  onClose: () => void;
  onRevoked: () => void;
}

/** Revoking asks first, naming the person; the server's refusal stays in the dialog. */
export function RevokeDeveloperDialog({
  name,
  did,
  passportId,
  onClose,
  onRevoked,
}: RevokeDeveloperDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const revoke = useRevokeDeveloper();

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('console.developers.revokeTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{t('console.developers.revokeMessage')}</DialogContentText>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
          <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
            {did}
          </Box>
        </Typography>
        {revoke.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {revoke.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" autoFocus>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => revoke.mutate(passportId, { onSuccess: onRevoked })}
          loading={revoke.isPending}
        >
          {t('console.developers.revoke')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
