import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { ACCESS_TOKEN_NAME_MAX_LENGTH, checkAccessTokenName } from '@kiosk/core';
import type { AccessTokenPermission } from '@kiosk/contracts';
import { AccessTokenSecret } from './AccessTokenSecret.tsx';
import {
  ALL_APPS,
  EMPTY_ACCESS_TOKEN_FORM,
  EXPIRY_DAYS,
  createAccessTokenBody,
  shortDid,
  type AccessTokenFormValues,
} from './access-token-form.ts';
import { useCreateAccessToken, useDeveloperApps } from './use-access-tokens.ts';

// The contract's permissions; named here because @kiosk/contracts' values bring zod into the browser.
const ACCESS_TOKEN_PERMISSIONS = ['publish', 'read'] as const satisfies readonly AccessTokenPermission[];

export interface CreateAccessTokenDialogProps {
  /** Also drops the secret: the parent unmounts this dialog on close, so the secret is gone from memory. */
  onClose: () => void;
}

/** "New token" (issue 12 item 3): a name, one app or all, publish or read, and a lifetime. */
export function CreateAccessTokenDialog({ onClose }: CreateAccessTokenDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const permissionLabelId = useId();
  const create = useCreateAccessToken();
  const apps = useDeveloperApps();
  const { control, handleSubmit } = useForm<AccessTokenFormValues>({
    defaultValues: EMPTY_ACCESS_TOKEN_FORM,
  });
  const created = create.data;

  const submit = handleSubmit((values) => create.mutate(createAccessTokenBody(values)));

  return (
    <Dialog
      open
      // A stray click beside the dialog must not throw away a secret that cannot be shown again.
      onClose={(_, reason) => (created && reason === 'backdropClick' ? undefined : onClose())}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {t(created ? 'developer.tokens.createdTitle' : 'developer.tokens.createTitle')}
      </DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <AccessTokenSecret token={created} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('developer.tokens.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={3} sx={{ pt: 1 }}>
              <Controller
                name="name"
                control={control}
                rules={{
                  validate: (name) => {
                    // The server's own rule (the contract's `accessTokenName`), in the visitor's language.
                    const problem = checkAccessTokenName(name);
                    return problem ? t(problem.key, problem.params) : true;
                  },
                }}
                render={({ field, fieldState }) => (
                  <TextField
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    label={t('developer.tokens.name')}
                    required
                    autoFocus
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? t('developer.tokens.nameHint')}
                    slotProps={{ htmlInput: { maxLength: ACCESS_TOKEN_NAME_MAX_LENGTH } }}
                  />
                )}
              />
              <Controller
                name="scope"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    label={t('developer.tokens.scope')}
                    fullWidth
                    error={apps.isError}
                    helperText={t(
                      apps.isError ? 'developer.tokens.appsLoadFailed' : 'developer.tokens.scopeHint',
                    )}
                    // Native: a phone's own picker, and a plain combobox for keyboards and screen readers.
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value={ALL_APPS}>{t('developer.tokens.allApps')}</option>
                    {(apps.data?.list ?? []).map((app) => (
                      <option key={app.did} value={app.did}>
                        {`${app.title || app.name} (${shortDid(app.did)})`}
                      </option>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="permission"
                control={control}
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={permissionLabelId}>{t('developer.tokens.permission')}</FormLabel>
                    <RadioGroup
                      aria-labelledby={permissionLabelId}
                      row
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value as AccessTokenPermission)}
                    >
                      {ACCESS_TOKEN_PERMISSIONS.map((permission) => (
                        <FormControlLabel
                          key={permission}
                          value={permission}
                          control={<Radio />}
                          label={t(`developer.tokens.permission.${permission}`)}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <Controller
                name="expiryDays"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    name={field.name}
                    value={String(field.value)}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    label={t('developer.tokens.expiresIn')}
                    fullWidth
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    {EXPIRY_DAYS.map((days) => (
                      <option key={days} value={days}>
                        {t('developer.tokens.days', { days })}
                      </option>
                    ))}
                  </TextField>
                )}
              />
              {create.isError && <Alert severity="error">{create.error.message}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} color="inherit">
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('developer.tokens.create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
