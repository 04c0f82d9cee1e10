import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import type { DonateSettings, Setting } from '@kiosk/contracts';
import { FormCheckbox, FormDialog, FormTextField } from '@kiosk/react/ui';

interface SettingsValues {
  presets: string;
  preset: string;
  minimum: string;
  maximum: string;
  custom: boolean;
  btnText: string;
}

const WHOLE_AMOUNT = /^\d{1,12}(\.\d{1,18})?$/;
const FIELDS = ['presets', 'preset', 'minimum', 'maximum', 'custom', 'btnText'] as const;

const listOf = (text: string) =>
  text
    .split(/[,，\s]+/)
    .map((amount) => amount.trim())
    .filter(Boolean);

/** What the form sends: the amounts as the settings hold them, what it does not edit kept. */
export function settingsOf(values: SettingsValues, current: DonateSettings): DonateSettings {
  return {
    ...current,
    amount: {
      ...current.amount,
      presets: listOf(values.presets),
      preset: values.preset.trim() || undefined,
      minimum: values.minimum.trim(),
      maximum: values.maximum.trim(),
      custom: values.custom,
    },
    btnText: values.btnText.trim() || undefined,
  };
}

export interface DonationSettingsDialogProps {
  setting: Setting;
  onSubmit: (settings: DonateSettings) => Promise<unknown>;
  onClose: () => void;
}

/** Owners and admins set the amounts and the button of donations on every app page (seed 001). */
export function DonationSettingsDialog({ setting, onSubmit, onClose }: DonationSettingsDialogProps) {
  const { t } = useTranslation();
  const { amount, btnText } = setting.settings;
  const required = { required: t('appDonation.settings.required') };
  const amountRule = { ...required, pattern: { value: WHOLE_AMOUNT, message: t('validation.wholeAmount') } };
  return (
    <FormDialog<SettingsValues>
      title={t('appDonation.settings.title')}
      description={t('appDonation.settings.description')}
      fullScreenOnPhone
      defaultValues={{
        presets: amount.presets.join(', '),
        preset: amount.preset ?? '',
        minimum: amount.minimum,
        maximum: amount.maximum,
        custom: amount.custom,
        btnText: btnText ?? '',
      }}
      submitLabel={t('appDonation.settings.save')}
      busyLabel={t('appDonation.settings.saving')}
      cancelLabel={t('appDonation.settings.cancel')}
      errorTitle={t('appDonation.settings.failed')}
      // The server names `body.settings.amount.presets` and the like: the field is the last known name.
      fieldOfPath={(path) => FIELDS.find((field) => path.split('.').includes(field))}
      onSubmit={(values) => onSubmit(settingsOf(values, setting.settings))}
      onClose={onClose}
    >
      {({ control }) => (
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="presets"
            label={t('appDonation.settings.presets')}
            hint={t('appDonation.settings.presetsHint')}
            rules={{
              ...required,
              validate: (text: string) =>
                listOf(text).every((amount) => WHOLE_AMOUNT.test(amount)) || t('validation.wholeAmount'),
            }}
          />
          <FormTextField
            control={control}
            name="preset"
            label={t('appDonation.settings.preset')}
            rules={{ pattern: { value: WHOLE_AMOUNT, message: t('validation.wholeAmount') } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="minimum"
              label={t('appDonation.settings.minimum')}
              rules={amountRule}
              fullWidth
            />
            <FormTextField
              control={control}
              name="maximum"
              label={t('appDonation.settings.maximum')}
              rules={amountRule}
              fullWidth
            />
          </Stack>
          <FormCheckbox
            control={control}
            name="custom"
            label={t('appDonation.settings.custom')}
            hint={t('appDonation.settings.customHint')}
          />
          <FormTextField
            control={control}
            name="btnText"
            label={t('appDonation.settings.button')}
            hint={t('appDonation.settings.buttonHint')}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
