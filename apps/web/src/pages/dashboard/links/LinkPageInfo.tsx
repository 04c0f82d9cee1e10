import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormRows, FormSelectField, FormTextField } from '@kiosk/react/ui';
import { isPattern, newRule, RULE_FIELDS, type LinkFormValues } from './link-form.ts';

/**
 * What the checkout's form says about the buyer's details (seed 000 §3 `page_info`): why it asks for
 * them, and a pattern per field with what the buyer is told when a value does not match, in English
 * and Chinese. Checked in the buyer's browser and again by the server at submit.
 */
export function LinkPageInfo({ control }: { control: Control<LinkFormValues> }) {
  const { t } = useTranslation();
  const rules = useFieldArray({ control, name: 'rules' });
  const current = useWatch({ control, name: 'rules' });
  return (
    <Stack spacing={2} role="group" aria-labelledby="link-page-info">
      <Typography id="link-page-info" variant="subtitle2">
        {t('catalog.linkForm.detailsTitle')}
      </Typography>
      <FormTextField
        control={control}
        name="purpose_en"
        label={t('catalog.linkForm.purposeEn')}
        hint={t('catalog.linkForm.purposeHint')}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <FormTextField
        control={control}
        name="purpose_zh"
        label={t('catalog.linkForm.purposeZh')}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <FormRows
        rows={rules.fields.map((rule, index) => ({
          key: rule.id,
          label: t('catalog.linkForm.rule', { number: index + 1 }),
          removeLabel: t('catalog.linkForm.removeRule', { number: index + 1 }),
          fields: (
            <>
              <FormSelectField
                control={control}
                name={`rules.${index}.field`}
                label={t('catalog.linkForm.ruleField')}
                rules={{
                  validate: (field, values) =>
                    values.rules.filter((other) => other.field === field).length === 1 ||
                    t('catalog.linkForm.ruleFieldTaken'),
                }}
                sx={{ flex: 1 }}
                options={RULE_FIELDS.map((field) => ({
                  value: field,
                  label: t(`catalog.linkForm.ruleField.${field}`),
                }))}
              />
              <FormTextField
                control={control}
                name={`rules.${index}.pattern`}
                label={t('catalog.linkForm.rulePattern')}
                hint={t('catalog.linkForm.rulePatternHint')}
                rules={{ validate: (text) => isPattern(text) || t('catalog.linkForm.rulePatternInvalid') }}
                sx={{ flex: 1 }}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 500, spellCheck: false } }}
              />
            </>
          ),
          below: (
            <>
              <FormTextField
                control={control}
                name={`rules.${index}.message_en`}
                label={t('catalog.linkForm.ruleMessageEn')}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <FormTextField
                control={control}
                name={`rules.${index}.message_zh`}
                label={t('catalog.linkForm.ruleMessageZh')}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </>
          ),
        }))}
        onRemove={rules.remove}
        addLabel={t('catalog.linkForm.addRule')}
        onAdd={rules.fields.length < RULE_FIELDS.length ? () => rules.append(newRule(current)) : undefined}
      />
    </Stack>
  );
}
