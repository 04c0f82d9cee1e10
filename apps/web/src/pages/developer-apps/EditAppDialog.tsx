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
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { AppDetail } from '@kiosk/contracts';
import { categoryLabel } from '../store/store-format.ts';
import {
  APP_DESCRIPTION_MAX_LENGTH,
  APP_TITLE_MAX_LENGTH,
  VISIBILITIES,
  appDetailsBody,
  type AppDetailsForm,
} from './app-details-form.ts';
import { useCategories, useUpdateApp } from './use-developer-apps.ts';

export interface EditAppDialogProps {
  app: AppDetail;
  onClose: () => void;
}

/** Title, description and category are the developer's; name, logo and screenshots follow the bundle. */
export function EditAppDialog({ app, onClose }: EditAppDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const visibilityLabelId = useId();
  const update = useUpdateApp(app.did);
  const categories = useCategories();
  const { control, handleSubmit } = useForm<AppDetailsForm>({
    defaultValues: {
      title: app.title,
      description: app.description,
      category: app.category ?? '',
      visibility: app.visibility ?? 'public',
      auto_publish: app.auto_publish ?? false,
    },
  });
  const listed = categories.data?.list ?? [];
  // An app may sit in a category the admins have since renamed away: keep it choosable as it is.
  const unlisted = app.category && !listed.some((category) => category.name === app.category);

  const submit = handleSubmit((values) => update.mutate(appDetailsBody(values), { onSuccess: onClose }));
  const text = (max: number, required: string) => ({
    validate: (value: string) => {
      const trimmed = value.trim();
      if (!trimmed) return t(required);
      return trimmed.length <= max || t('developerApps.tooLong', { max });
    },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>
          {t('developerApps.editTitle', { title: app.title || app.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            <Controller
              name="title"
              control={control}
              rules={text(APP_TITLE_MAX_LENGTH, 'developerApps.titleRequired')}
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label={t('developerApps.title')}
                  required
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { maxLength: APP_TITLE_MAX_LENGTH } }}
                />
              )}
            />
            <Controller
              name="description"
              control={control}
              rules={text(APP_DESCRIPTION_MAX_LENGTH, 'developerApps.descriptionRequired')}
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label={t('developerApps.appDescription')}
                  required
                  multiline
                  minRows={3}
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { maxLength: APP_DESCRIPTION_MAX_LENGTH } }}
                />
              )}
            />
            <Controller
              name="category"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label={t('developerApps.category')}
                  fullWidth
                  error={categories.isError}
                  helperText={categories.isError ? t('developerApps.categoriesFailed') : undefined}
                  // Native: a phone's own picker, and a plain combobox for keyboards and screen readers.
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{t('developerApps.noCategory')}</option>
                  {unlisted && <option value={app.category!}>{app.category}</option>}
                  {listed.map((category) => (
                    <option key={category.id} value={category.name}>
                      {categoryLabel(category, i18n.language)}
                    </option>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="visibility"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <FormLabel id={visibilityLabelId}>{t('developerApps.visibility')}</FormLabel>
                  <RadioGroup
                    aria-labelledby={visibilityLabelId}
                    row
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                  >
                    {VISIBILITIES.map((visibility) => (
                      <FormControlLabel
                        key={visibility}
                        value={visibility}
                        control={<Radio />}
                        label={t(`developerApps.visibility.${visibility}`)}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Controller
              name="auto_publish"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <FormControlLabel
                    control={
                      <Switch
                        name={field.name}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        slotProps={{ input: { ref: field.ref } }}
                      />
                    }
                    label={t('developerApps.autoPublish')}
                  />
                  <FormHelperText sx={{ mx: 0 }}>{t('developerApps.autoPublishHint')}</FormHelperText>
                </FormControl>
              )}
            />
            {update.isError && <Alert severity="error">{update.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t('developerApps.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
