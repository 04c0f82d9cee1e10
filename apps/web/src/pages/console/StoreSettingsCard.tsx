import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REVIEW_TYPES, type ReviewType } from '@kiosk/core';
import { useStoreSettings, useUpdateStoreSettings } from './use-console-reviews.ts';

/** Seed 001 §6: the admins manage the review type; an app without its own type follows this one. */
export function StoreSettingsCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const settings = useStoreSettings();
  const update = useUpdateStoreSettings();

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {t('console.settings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('console.settings.description')}
      </Typography>
      {settings.isPending ? (
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 360 }} aria-label={t('common.loading')} />
      ) : settings.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              {t('console.retry')}
            </Button>
          }
        >
          {t('console.settings.loadFailed', { error: settings.error.message })}
        </Alert>
      ) : (
        <Stack spacing={1} sx={{ maxWidth: 360 }}>
          <TextField
            select
            label={t('console.settings.reviewType')}
            value={update.isPending ? update.variables : settings.data.review_type}
            onChange={(event) => update.mutate(event.target.value as ReviewType)}
            disabled={update.isPending}
            fullWidth
            helperText={update.isSuccess ? t('console.settings.saved') : ' '}
            // Native: a phone's own picker, and a plain combobox for keyboards and screen readers.
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {REVIEW_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`store.review.type.${type}`)}
              </option>
            ))}
          </TextField>
          {update.isError && <Alert severity="error">{update.error.message}</Alert>}
        </Stack>
      )}
    </Paper>
  );
}
