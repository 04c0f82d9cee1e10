import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { AppDetail } from '@kiosk/contracts';
import { FormDialog, FormRadioGroup, FormTextField } from '@kiosk/react/ui';
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
  const update = useUpdateApp(app.did);
  const categories = useCategories();
  const listed = categories.data?.list ?? [];
  // An app may sit in a category the admins have since renamed away: keep it choosable as it is.
  const unlisted = app.category && !listed.some((category) => category.name === app.category);
  const text = (max: number, required: string) => ({
    validate: (value: string) => {
      const trimmed = value.trim();
      if (!trimmed) return t(required);
      return trimmed.length <= max || t('developerApps.tooLong', { max });
    },
  });

  return (
    <FormDialog<AppDetailsForm>
      title={t('developerApps.editTitle', { title: app.title || app.name })}
      defaultValues={{
        title: app.title,
        description: app.description,
        category: app.category ?? '',
        visibility: app.visibility ?? 'public',
        auto_publish: app.auto_publish ?? false,
        accepts_donations: app.accepts_donations ?? false,
      }}
      submitLabel={t('developerApps.save')}
      onSubmit={(values) => update.mutateAsync(appDetailsBody(values))}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="title"
            rules={text(APP_TITLE_MAX_LENGTH, 'developerApps.titleRequired')}
            label={t('developerApps.title')}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: APP_TITLE_MAX_LENGTH } }}
          />
          <FormTextField
            control={control}
            name="description"
            rules={text(APP_DESCRIPTION_MAX_LENGTH, 'developerApps.descriptionRequired')}
            label={t('developerApps.appDescription')}
            required
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: APP_DESCRIPTION_MAX_LENGTH } }}
          />
          <FormTextField
            control={control}
            name="category"
            select
            label={t('developerApps.category')}
            fullWidth
            error={categories.isError}
            hint={categories.isError ? t('developerApps.categoriesFailed') : undefined}
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
          </FormTextField>
          <FormRadioGroup
            control={control}
            name="visibility"
            label={t('developerApps.visibility')}
            row
            options={VISIBILITIES.map((visibility) => ({
              value: visibility,
              label: t(`developerApps.visibility.${visibility}`),
            }))}
          />
          <SwitchField
            control={control}
            name="auto_publish"
            label={t('developerApps.autoPublish')}
            hint={t('developerApps.autoPublishHint')}
          />
          <SwitchField
            control={control}
            name="accepts_donations"
            label={t('developerApps.donations')}
            hint={t('developerApps.donationsHint')}
          />
        </>
      )}
    </FormDialog>
  );
}

/** An on-or-off setting of the app, as a switch with what turning it on does. */
function SwitchField({
  control,
  name,
  label,
  hint,
}: {
  control: Control<AppDetailsForm>;
  name: 'auto_publish' | 'accepts_donations';
  label: string;
  hint: string;
}) {
  return (
    <Controller
      name={name}
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
            label={label}
          />
          <FormHelperText sx={{ mx: 0 }}>{hint}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
