import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

export interface StoreSearchBoxProps {
  /** The words already searched, shown for refining. */
  initialQuery?: string;
  /** The sort of the results, kept across a new search. */
  sort?: string;
}

/** Submits to `/search?q=…`: the address holds the search, so it can be shared and reloaded. */
export function StoreSearchBox({ initialQuery = '', sort }: StoreSearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    const words = query.trim();
    if (words) params.set('q', words);
    if (sort) params.set('sort', sort);
    const search = params.toString();
    void navigate(search ? `/search?${search}` : '/search');
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('storeFront.search.label')}
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, width: '100%', maxWidth: 640 }}
    >
      <TextField
        type="search"
        size="small"
        fullWidth
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('storeFront.search.placeholder')}
        slotProps={{
          htmlInput: { 'aria-label': t('storeFront.search.label'), maxLength: 200, name: 'q' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
        {t('storeFront.search.submit')}
      </Button>
    </Box>
  );
}
