import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormCheckbox, FormRows, FormTextField, FormWebAddressField } from '@kiosk/react/ui';
import { isPercent, MAX_BENEFICIARIES, percentsFit, type LinkFormValues } from './link-form.ts';

/**
 * Making the link a donation link (docs/donations.md): what it supports, how donors see it, and who
 * else gets a share. Its fields show only while it is on; turned off, they are kept but not checked
 * or sent, so turning it on again finds them as they were.
 */
export function LinkDonation({ control }: { control: Control<LinkFormValues> }) {
  const { t } = useTranslation();
  const on = useWatch({ control, name: 'donation' });
  return (
    <Stack spacing={2}>
      <FormCheckbox
        control={control}
        name="donation"
        label={t('catalog.linkForm.donation')}
        hint={t('catalog.linkForm.donationHint')}
      />
      {on && <DonationSettings control={control} />}
    </Stack>
  );
}

/** The settings' texts, with the API's lengths as the fields' own limits. */
function DonationSettings({ control }: { control: Control<LinkFormValues> }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="group" aria-label={t('catalog.linkForm.donationSettings')}>
      <FormTextField
        control={control}
        name="donation_target"
        label={t('catalog.linkForm.donationTarget')}
        hint={t('catalog.linkForm.donationTargetHint')}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 200, spellCheck: false } }}
      />
      <FormTextField
        control={control}
        name="donation_title"
        label={t('catalog.linkForm.donationTitle')}
        hint={t('catalog.linkForm.donationTitleHint')}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormTextField
        control={control}
        name="donation_description"
        label={t('catalog.linkForm.donationDescription')}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1_000 } }}
      />
      <FormWebAddressField
        control={control}
        name="donation_reference"
        label={t('catalog.linkForm.donationReference')}
        hint={t('catalog.linkForm.donationReferenceHint')}
      />
      <Beneficiaries control={control} />
    </Stack>
  );
}

/**
 * Who else each donation supports, by percent; what the percents leave is the merchant's. Their sum
 * is said on the last row's percent, the one a merchant typing down the list has just filled.
 */
function Beneficiaries({ control }: { control: Control<LinkFormValues> }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control, name: 'beneficiaries' });
  const last = rows.fields.length - 1;
  return (
    <Stack spacing={2} role="group" aria-labelledby="link-beneficiaries">
      <div>
        <Typography id="link-beneficiaries" variant="subtitle2">
          {t('catalog.linkForm.beneficiaries')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('catalog.linkForm.beneficiariesHint')}
        </Typography>
      </div>
      <FormRows
        rows={rows.fields.map((row, index) => ({
          key: row.id,
          label: t('catalog.linkForm.beneficiary', { number: index + 1 }),
          removeLabel: t('catalog.linkForm.removeBeneficiary', { number: index + 1 }),
          fields: (
            <>
              <FormTextField
                control={control}
                name={`beneficiaries.${index}.name`}
                label={t('catalog.linkForm.beneficiaryName')}
                rules={{
                  validate: (text) => text.trim() !== '' || t('catalog.linkForm.beneficiaryNameRequired'),
                }}
                sx={{ flex: 2 }}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <FormTextField
                control={control}
                name={`beneficiaries.${index}.percent`}
                label={t('catalog.linkForm.beneficiaryPercent')}
                rules={{
                  validate: (text, values) => {
                    if (!isPercent(text)) return t('catalog.linkForm.beneficiaryPercentInvalid');
                    const isLast = index === values.beneficiaries.length - 1;
                    return (
                      !isLast ||
                      percentsFit(values.beneficiaries) ||
                      t('catalog.linkForm.beneficiaryPercentsOver')
                    );
                  },
                  // Once the form was sent, changing any percent checks the sum again where it is said.
                  deps: index === last ? undefined : `beneficiaries.${last}.percent`,
                }}
                sx={{ flex: 1, minWidth: 110 }}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
              />
            </>
          ),
          below: (
            <FormTextField
              control={control}
              name={`beneficiaries.${index}.address`}
              label={t('catalog.linkForm.beneficiaryAddress')}
              rules={{
                validate: (text) => text.trim() !== '' || t('catalog.linkForm.beneficiaryAddressRequired'),
              }}
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 200, spellCheck: false } }}
            />
          ),
        }))}
        onRemove={rows.remove}
        addLabel={t('catalog.linkForm.addBeneficiary')}
        onAdd={
          rows.fields.length < MAX_BENEFICIARIES
            ? () => rows.append({ name: '', address: '', percent: '' })
            : undefined
        }
      />
    </Stack>
  );
}
