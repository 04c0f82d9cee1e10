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
import { useBlockApp } from './use-console-reviews.ts';

/** The contract's limit on a block reason. */
const BLOCK_REASON_MAX_LENGTH = 500;

export interface BlockAppDialogProps {
  did: string;
  title: string;
  onClose: () => void;
}

/** Seed 001 §6: an admin blocks an app with a reason its developer sees; the reason is required. */
export function BlockAppDialog({ did, title, onClose }: BlockAppDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const block = useBlockApp(did);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    block.mutate(trimmed, { onSuccess: onClose });
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
        <DialogTitle id={titleId}>{t('console.block.title', { title })}</DialogTitle>
        <DialogContent>
          <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
            {t('console.block.explain')}
          </DialogContentText>
          <TextField
            label={t('console.block.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
            required
            autoFocus
            fullWidth
            multiline
            minRows={2}
            error={missing}
            helperText={missing ? t('store.blockReason.required') : ' '}
            slotProps={{ htmlInput: { maxLength: BLOCK_REASON_MAX_LENGTH } }}
          />
          {block.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {block.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={block.isPending}>
            {t('console.block.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
