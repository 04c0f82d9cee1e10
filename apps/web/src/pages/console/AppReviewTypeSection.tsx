import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REVIEW_TYPES, type ReviewType } from '@kiosk/core';
import { useSetAppReviewType } from './use-app-review-type.ts';
import { useConsoleApp, useStoreSettings } from './use-console-reviews.ts';

/** The select's value for null: the app follows the store's setting. */
const STORE_SETTING = '';
type Choice = ReviewType | typeof STORE_SETTING;

export interface AppReviewTypeSectionProps {
  did: string;
}

/**
 * Seed 001 §6: an app may have its own review type, overriding the store's; without one it follows
 * the store's setting, which the first option names as it stands now.
 */
export function AppReviewTypeSection({ did }: AppReviewTypeSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const app = useConsoleApp(did);
  const settings = useStoreSettings();
  const save = useSetAppReviewType(did);

  const storeLabel = settings.data
    ? t('console.appReviewType.store', { type: t(`store.review.type.${settings.data.review_type}`) })
    : t('console.appReviewType.storeUnknown');

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('console.appReviewType.section')}
      </Typography>
      {app.isPending ? (
        <Skeleton variant="rounded" height={40} aria-label={t('console.appReviewType.loading')} />
      ) : app.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void app.refetch()}>
              {t('console.retry')}
            </Button>
          }
        >
          {t('console.appReviewType.loadFailed', { error: app.error.message })}
        </Alert>
      ) : (
        <Stack spacing={1} sx={{ maxWidth: 360 }}>
          <TextField
            select
            size="small"
            label={t('console.appReviewType.label')}
            value={(save.isPending ? save.variables : app.data.review_type) ?? STORE_SETTING}
            onChange={(event) => {
              const choice = event.target.value as Choice;
              save.mutate(choice === STORE_SETTING ? null : choice);
            }}
            disabled={save.isPending}
            fullWidth
            helperText={save.isSuccess ? t('console.settings.saved') : ' '}
            // Native: a phone's own picker, and a plain combobox for keyboards and screen readers.
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value={STORE_SETTING}>{storeLabel}</option>
            {REVIEW_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`store.review.type.${type}`)}
              </option>
            ))}
          </TextField>
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
        </Stack>
      )}
    </Box>
  );
}
