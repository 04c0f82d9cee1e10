import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { DataTableColumn } from '../../data-table/types.ts';

/** A button on a list's row: what it says, which row it acts on, and what it does. */
export interface RowAction {
  label: ReactNode;
  /** Its name for assistive technology, naming the row ("Delete Games"), as the label alone does not. */
  ariaLabel: string;
  onClick: () => void;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  /** A spinner in the button while its action runs. */
  loading?: boolean;
}

/** A row's buttons side by side, at the row's end on a wide screen. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' } }}>
      {actions.map((action) => (
        <Button
          key={action.ariaLabel}
          size="small"
          color={action.color}
          variant={action.variant}
          disabled={action.disabled}
          loading={action.loading}
          onClick={action.onClick}
          aria-label={action.ariaLabel}
        >
          {action.label}
        </Button>
      ))}
    </Stack>
  );
}

/** The column of a list's row buttons, last and aligned to the end: `actionsColumn(t('…'), (row) => [...])`. */
export function actionsColumn<Row>(
  label: ReactNode,
  actions: (row: Row) => readonly RowAction[],
): DataTableColumn<Row> {
  return { key: 'actions', label, align: 'right', render: (row) => <RowActions actions={actions(row)} /> };
}
