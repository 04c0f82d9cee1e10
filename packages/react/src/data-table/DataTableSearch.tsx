import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { createSvgIcon } from '@mui/material/utils';
import { useDebouncedCallback } from '../hooks/use-debounced-callback.ts';
import { SEARCH_DEBOUNCE_MS } from './constants.ts';

// Drawn here rather than taken from @mui/icons-material so host apps need no extra package.
const SearchIcon = createSvgIcon(
  <path d="M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14" />,
  'Search',
);

export interface DataTableSearchProps {
  value: string;
  onChange: (text: string) => void;
}

/** A search field that reports its text once typing pauses, not on every key. */
export function DataTableSearch({ value, onChange }: DataTableSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [reportedValue, setReportedValue] = useState(value);
  const [lastValueProp, setLastValueProp] = useState(value);

  // The parent may reset the search; adopt its value unless it is only the echo of our own report,
  // which would otherwise erase what was typed after the report went out.
  if (value !== lastValueProp) {
    setLastValueProp(value);
    if (value !== reportedValue) setText(value);
  }

  const report = useDebouncedCallback((next: string) => {
    setReportedValue(next);
    onChange(next);
  }, SEARCH_DEBOUNCE_MS);

  return (
    <TextField
      type="search"
      size="small"
      value={text}
      placeholder={t('table.searchPlaceholder')}
      onChange={(event) => {
        setText(event.target.value);
        report(event.target.value);
      }}
      slotProps={{
        htmlInput: { 'aria-label': t('table.searchLabel') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: 280 } }}
    />
  );
}
