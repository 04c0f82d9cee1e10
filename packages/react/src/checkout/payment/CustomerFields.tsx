import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countryOptions } from './countries.ts';
import { CustomerTextField } from './CustomerTextField.tsx';
import type { CustomerFormValues, FormShape } from './customer-form.ts';

export interface CustomerFieldsProps {
  form: UseFormReturn<CustomerFormValues>;
  shape: FormShape;
  /** metadata.page_info.form_purpose_description in the buyer's language. */
  purpose?: string;
  disabled?: boolean;
}

/** Contact details, the phone and the billing address as the session asks (seed 000 §5). */
export function CustomerFields({ form, shape, purpose, disabled }: CustomerFieldsProps) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const { register, control } = form;

  const field = (
    name: FieldPath<CustomerFormValues>,
    label: string,
    options: { type?: string; autoComplete: string; required?: boolean; helper?: string },
  ) => <CustomerTextField control={control} name={name} label={label} disabled={disabled} {...options} />;

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('checkout.contact.title')}
      </Typography>
      {purpose && (
        <Typography variant="body2" color="text.secondary">
          {purpose}
        </Typography>
      )}
      {field('customer_name', t('checkout.field.name'), { autoComplete: 'name', required: true })}
      {field('customer_email', t('checkout.field.email'), {
        type: 'email',
        autoComplete: 'email',
        required: true,
      })}
      {shape.country && (
        <TextField
          {...register('billing_address.country')}
          select
          label={t('checkout.field.country')}
          autoComplete="country"
          required={shape.address}
          disabled={disabled}
          fullWidth
          size="small"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </TextField>
      )}
      {shape.phone &&
        field('customer_phone', t('checkout.field.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          required: true,
          helper: t('checkout.field.phoneHint'),
        })}
      {shape.address && (
        <>
          {field('billing_address.line1', t('checkout.field.line1'), {
            autoComplete: 'address-line1',
            required: true,
          })}
          {field('billing_address.line2', t('checkout.field.line2'), { autoComplete: 'address-line2' })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('billing_address.city', t('checkout.field.city'), {
              autoComplete: 'address-level2',
              required: true,
            })}
            {field('billing_address.state', t('checkout.field.state'), {
              autoComplete: 'address-level1',
              required: true,
            })}
          </Stack>
          {field('billing_address.postal_code', t('checkout.field.postalCode'), {
            autoComplete: 'postal-code',
            required: true,
          })}
        </>
      )}
    </Stack>
  );
}
