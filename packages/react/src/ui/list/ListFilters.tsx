import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/** A select filter: its name in the list's params, its label and its choices. */
export interface ListFilter {
  name: string;
  label: string;
  /** The choices besides none (`''`). */
  options: readonly { value: string; label: string }[];
  /** What choosing none says ("All", or what the server lists by default). */
  noneLabel?: string;
}

export interface ListFiltersProps {
  filters: readonly ListFilter[];
  values: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
}

/** A list's select filters in a row, each a native select: a phone's own picker, a plain combobox to a screen reader. */
export function ListFilters({ filters, values, onChange }: ListFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack
      role="group"
      aria-label={t('ui.list.filters')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'flex-end', mb: 2 }}
    >
      {filters.map((filter) => (
        <TextField
          key={filter.name}
          select
          size="small"
          label={filter.label}
          value={values[filter.name] ?? ''}
          onChange={(event) => onChange(filter.name, event.target.value)}
          sx={{ minWidth: { sm: 220 } }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{filter.noneLabel ?? t('ui.list.all')}</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
