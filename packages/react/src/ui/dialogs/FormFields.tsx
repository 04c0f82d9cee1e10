import { useId, type ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Rules<Values extends FieldValues, Name extends FieldPath<Values>> = Omit<
  RegisterOptions<Values, Name>,
  'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'
>;

export type FormTextFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef'
> & {
  control: Control<Values>;
  name: Name;
  /** Checked on submit (then on each change): a core rule, the same one the server's contract runs. */
  rules?: Rules<Values, Name>;
  /** Said under the field while it has no error. */
  hint?: ReactNode;
  /** The form's value of what was typed or chosen, e.g. a number from a native select. */
  parse?: (text: string) => FieldPathValue<Values, Name>;
};

/**
 * A text field (or, with `select`, a native select) bound to the dialog's form: its error, from the
 * rules or the server, replaces its hint, and it is what takes the focus when it is the first invalid.
 */
export function FormTextField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  hint,
  parse,
  error,
  ...field
}: FormTextFieldProps<Values, Name>) {
  return (
    <Controller
      name={name}
      control={control}
      rules={rules}
      render={({ field: bound, fieldState }) => (
        <TextField
          {...field}
          name={bound.name}
          value={bound.value}
          onChange={(event) => bound.onChange(parse ? parse(event.target.value) : event.target.value)}
          onBlur={bound.onBlur}
          inputRef={bound.ref}
          error={Boolean(fieldState.error) || error}
          helperText={fieldState.error?.message ?? hint}
        />
      )}
    />
  );
}

export interface FormRadioGroupProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  control: Control<Values>;
  name: Name;
  /** The group's name, said before its choices. */
  label: ReactNode;
  options: readonly { value: FieldPathValue<Values, Name> & string; label: ReactNode }[];
  /** The choices side by side, for a few short ones. */
  row?: boolean;
  size?: 'small' | 'medium';
  disabled?: boolean;
}

/** One of a few choices, as radio buttons under a legend that names the group. */
export function FormRadioGroup<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  label,
  options,
  row = false,
  size,
  disabled,
}: FormRadioGroupProps<Values, Name>) {
  const labelId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl component="fieldset" disabled={disabled}>
          <FormLabel component="legend" id={labelId}>
            {label}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            row={row}
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio size={size} />}
                label={option.label}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

export interface FormCheckboxProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  control: Control<Values>;
  name: Name;
  label: ReactNode;
  /** Said under the label: what turning it on does. */
  hint?: ReactNode;
}

/** A yes-or-no setting bound to the dialog's form, as a labelled checkbox. */
export function FormCheckbox<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  label,
  hint,
}: FormCheckboxProps<Values, Name>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              name={field.name}
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
          label={
            hint ? (
              <>
                {label}
                <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>
              </>
            ) : (
              label
            )
          }
        />
      )}
    />
  );
}

export type FormSelectFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> = Omit<
  FormTextFieldProps<Values, Name>,
  'select' | 'children'
> & {
  /** The choices, in order; `none` first when given (its value is `''`). */
  options: readonly { value: string; label: string }[];
  none?: string;
};

/**
 * One of many choices bound to the dialog's form, as a native select: a phone's own picker, a plain
 * combobox to a screen reader, and no menu to mount.
 */
export function FormSelectField<Values extends FieldValues, Name extends FieldPath<Values>>({
  options,
  none,
  slotProps,
  ...field
}: FormSelectFieldProps<Values, Name>) {
  return (
    <FormTextField
      {...field}
      select
      slotProps={{ ...slotProps, select: { native: true }, inputLabel: { shrink: true } }}
    >
      {none !== undefined && <option value="">{none}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormTextField>
  );
}
