import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCreateApiKey } from '../../hooks/use-api-keys.ts';
import { useLivemode } from '../../hooks/use-livemode.ts';
import { ApiKeySecret } from './ApiKeySecret.tsx';

const NAME_MAX_LENGTH = 100;

export interface CreateApiKeyDialogProps {
  /** Also drops the secret: the parent unmounts this dialog on close, so the secret is gone from memory. */
  onClose: () => void;
}

export function CreateApiKeyDialog({ onClose }: CreateApiKeyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const modeLabelId = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  // The mode the visitor is looking at is the likeliest one they want a key for.
  const currentLivemode = useLivemode();
  const [livemode, setKeyLivemode] = useState(currentLivemode);
  const [showErrors, setShowErrors] = useState(false);
  const created = create.data;
  const nameMissing = name.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (nameMissing) return;
    create.mutate({ name: name.trim(), livemode });
  };

  return (
    <Dialog
      open
      // A stray click beside the dialog must not throw away a secret that cannot be shown again.
      onClose={(_, reason) => (created && reason === 'backdropClick' ? undefined : onClose())}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t(created ? 'apiKeys.createdTitle' : 'apiKeys.createTitle')}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <ApiKeySecret apiKey={created} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('apiKeys.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={3}>
              <TextField
                label={t('apiKeys.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                required
                autoFocus
                fullWidth
                error={showErrors && nameMissing}
                helperText={showErrors && nameMissing ? t('validation.required') : t('apiKeys.nameHint')}
                slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
              />
              <FormControl>
                <FormLabel id={modeLabelId}>{t('apiKeys.mode')}</FormLabel>
                <RadioGroup
                  aria-labelledby={modeLabelId}
                  row
                  value={livemode ? 'live' : 'test'}
                  onChange={(event) => setKeyLivemode(event.target.value === 'live')}
                >
                  <FormControlLabel value="test" control={<Radio />} label={t('apiKeys.test')} />
                  <FormControlLabel value="live" control={<Radio />} label={t('apiKeys.live')} />
                </RadioGroup>
              </FormControl>
              {create.isError && <Alert severity="error">{create.error.message}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} color="inherit">
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('apiKeys.create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
