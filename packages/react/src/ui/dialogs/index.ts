export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type DialogTone,
  type TypedConfirmation,
} from './ConfirmDialog.tsx';
export { DialogError, type DialogErrorProps } from './DialogError.tsx';
export { DialogFrame, type DialogFrameProps } from './DialogFrame.tsx';
export { FormDialog, type FormDialogProps, type FormDialogResult } from './FormDialog.tsx';
export { FormRows, type FormRow, type FormRowsProps } from './FormRows.tsx';
export {
  FormCheckbox,
  FormRadioGroup,
  FormSelectField,
  FormTextField,
  type FormCheckboxProps,
  type FormRadioGroupProps,
  type FormSelectFieldProps,
  type FormTextFieldProps,
} from './FormFields.tsx';
export { FormWebAddressField, type FormWebAddressFieldProps } from './FormWebAddressField.tsx';
export { errorMessage } from './server-error.ts';
