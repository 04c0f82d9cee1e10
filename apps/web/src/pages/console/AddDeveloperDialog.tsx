import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ApiError } from '@kiosk/sdk';
import { USER_DID_PATTERN, useAddDeveloper } from './use-developers.ts';

interface AddDeveloperValues {
  did: string;
}

/** DIDs are lower-case on the wire; a pasted checksummed address is the same account. */
function normalDid(value: string): string {
  return value.trim().toLowerCase();
}

export interface AddDeveloperDialogProps {
  onClose: () => void;
}

/** Grants the developer passport to someone who has signed in once (the server knows no one else). */
export function AddDeveloperDialog({ onClose }: AddDeveloperDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const add = useAddDeveloper();
  // Checked once the field is left or the form sent, then on every change: no error while first typing.
  const { control, handleSubmit } = useForm<AddDeveloperValues>({
    mode: 'onTouched',
    defaultValues: { did: '' },
  });

  const submit = handleSubmit(({ did }) => add.mutate(normalDid(did), { onSuccess: onClose }));
  const validate = (value: string) => {
    const did = normalDid(value);
    if (!did) return t('console.developers.didRequired');
    return USER_DID_PATTERN.test(did) || t('validation.did');
  };
  const failure =
    add.error instanceof ApiError && add.error.code === 'USER_NOT_FOUND'
      ? t('console.developers.notSignedIn')
      : add.error?.message;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('console.developers.addTitle')}</DialogTitle>
        <DialogContent>
          <Controller
            name="did"
            control={control}
            rules={{ validate }}
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event);
                  // The server's answer was about the DID typed before.
                  if (add.isError) add.reset();
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                label={t('console.developers.did')}
                required
                autoFocus
                fullWidth
                margin="dense"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('console.developers.didHint')}
                slotProps={{
                  htmlInput: { spellCheck: false, autoCapitalize: 'none', autoComplete: 'off' },
                }}
              />
            )}
          />
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={add.isPending}>
            {t('console.developers.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
