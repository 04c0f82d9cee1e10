import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { isWebAddress, WEB_ADDRESS_MAX } from '@kiosk/contracts/web-address';
import { FormTextField, type FormTextFieldProps } from './FormFields.tsx';

export type FormWebAddressFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = Omit<
  FormTextFieldProps<Values, Name>,
  'rules' | 'type' | 'parse'
>;

/**
 * A field for an address a browser is sent to or offered as a link (a webhook's receiver, where a
 * buyer goes after paying, a donation's reference), checked by the contracts' own rule: http(s) only.
 * Blank passes unless the field is `required`.
 */
export function FormWebAddressField<Values extends FieldValues, Name extends FieldPath<Values>>({
  required,
  slotProps,
  ...field
}: FormWebAddressFieldProps<Values, Name>) {
  const { t } = useTranslation();
  return (
    <FormTextField
      {...field}
      required={required}
      rules={{
        validate: (text: string) =>
          (!required && text.trim() === '') || isWebAddress(text.trim()) || t('validation.webAddress'),
      }}
      fullWidth
      type="url"
      autoComplete="off"
      placeholder="https://"
      slotProps={{ ...slotProps, htmlInput: { maxLength: WEB_ADDRESS_MAX } }}
    />
  );
}
