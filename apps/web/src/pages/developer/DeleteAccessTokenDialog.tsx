import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { isTokenDeletionConfirmed } from '@kiosk/core';
import type { AccessToken } from '@kiosk/contracts';
import { useDeleteAccessToken } from './use-access-tokens.ts';

export interface DeleteAccessTokenDialogProps {
  token: AccessToken;
  onClose: () => void;
}

/** Seed 001 §5: deleting a token asks for its name typed; the server checks it again. */
export function DeleteAccessTokenDialog({ token, onClose }: DeleteAccessTokenDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const remove = useDeleteAccessToken();
  const [typed, setTyped] = useState('');
  const confirmed = isTokenDeletionConfirmed(typed, token.name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate({ id: token.id, name: typed.trim() }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('developer.tokens.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
            {t('developer.tokens.deleteMessage', { name: token.name })}
          </DialogContentText>
          <TextField
            label={t('developer.tokens.deleteConfirmLabel')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={token.name}
            autoFocus
            fullWidth
            autoComplete="off"
          />
          {remove.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {remove.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={!confirmed}
            loading={remove.isPending}
          >
            {t('developer.tokens.delete')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
