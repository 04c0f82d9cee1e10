import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';

export interface FormRow {
  /** React's key: the field array's id for the row. */
  key: string;
  /** The row's group name for screen readers ("Item 2"); a row without one is not a group. */
  label?: string;
  /** The row's fields, side by side (each sets its own share of the width). */
  fields: ReactNode;
  /** More of the row's fields, full width below them. */
  below?: ReactNode;
  /** The remove button's name ("Remove item 2"); without it the row cannot be removed. */
  removeLabel?: string;
}

export interface FormRowsProps {
  rows: readonly FormRow[];
  onRemove: (index: number) => void;
  /** The add button's text; it shows only while `onAdd` is given (none while the list is full). */
  addLabel: string;
  onAdd?: () => void;
}

/**
 * A dialog's list of like rows (a link's items, a price's other currencies, a field's rules): each
 * row's fields with its remove button, and an add button below. Used with react-hook-form's
 * useFieldArray, which keeps the values.
 */
export function FormRows({ rows, onRemove, addLabel, onAdd }: FormRowsProps) {
  return (
    <>
      {rows.map((row, index) => (
        <Stack key={row.key} role={row.label ? 'group' : undefined} aria-label={row.label} spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {row.fields}
            {row.removeLabel && (
              <IconButton aria-label={row.removeLabel} onClick={() => onRemove(index)} sx={{ mt: 1 }}>
                <CloseIcon />
              </IconButton>
            )}
          </Stack>
          {row.below}
        </Stack>
      ))}
      {onAdd && (
        <Button size="small" startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </>
  );
}
