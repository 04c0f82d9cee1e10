import { useController, type Control, type FieldPath } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import type { CustomerFormValues } from './customer-form.ts';

export interface CustomerTextFieldProps {
  control: Control<CustomerFormValues>;
  name: FieldPath<CustomerFormValues>;
  label: string;
  type?: string;
  autoComplete: string;
  required?: boolean;
  /** Shown under the field while it has no error to show. */
  helper?: string;
  disabled?: boolean;
}

/**
 * One text field of the buyer's details. It is controlled: saved details arrive by code (a reset after
 * sign-in), and MUI floats the label only over a value it is given, never over one written into the
 * input behind its back. An error shows once the buyer acts: after changing the field, after pressing
 * Pay, or when the server refused the value.
 */
export function CustomerTextField({ control, name, helper, ...props }: CustomerTextFieldProps) {
  const { field, fieldState, formState } = useController({ control, name });
  const { error, isDirty } = fieldState;
  const shown = error && (formState.isSubmitted || isDirty || error.type === 'server') ? error : undefined;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      type={props.type ?? 'text'}
      error={Boolean(shown)}
      helperText={shown?.message ?? helper}
      fullWidth
      size="small"
    />
  );
}
