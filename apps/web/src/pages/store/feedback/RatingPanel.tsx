import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@kiosk/react/ui';
import { formatCount } from '../store-format.ts';
import { StarInput } from './StarInput.tsx';
import { useRateApp, useRatingSummary, type RatingSummary } from './use-app-feedback.ts';

const STARS = [5, 4, 3, 2, 1] as const;

/** Why the visitor cannot rate, in their words (the server's refusal codes). */
const REFUSAL_TEXT = {
  UNAUTHENTICATED: 'appFeedback.ratings.signIn',
  RATING_NEEDS_PURCHASE: 'appFeedback.ratings.needsPurchase',
  RATING_OWN_APP: 'appFeedback.ratings.ownApp',
} as const;

function Histogram({ summary }: { summary: RatingSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('appFeedback.ratings.histogram')}
      sx={{ m: 0, p: 0, listStyle: 'none', flex: 1, minWidth: 0 }}
    >
      {STARS.map((stars) => {
        const count = summary.histogram[stars];
        const share = summary.count === 0 ? 0 : (count / summary.count) * 100;
        return (
          <Box
            component="li"
            key={stars}
            title={t('appFeedback.ratings.bar', { stars, count })}
            sx={{ display: 'grid', gridTemplateColumns: '2.5em 1fr 3em', alignItems: 'center', gap: 1 }}
          >
            <Typography variant="body2" color="text.secondary">
              {`${stars}★`}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={share}
              aria-hidden="true"
              sx={{ height: 8, borderRadius: 4 }}
            />
            <Typography variant="body2" sx={{ textAlign: 'right' }}>
              {formatCount(count, i18n.language)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** The visitor's own stars (a click, a tap, or the arrow keys and Space choose), or why not. */
function YourRating({ did, summary }: { did: string; summary: RatingSummary }) {
  const { t } = useTranslation();
  const labelId = useId();
  const rate = useRateApp(did);
  if (summary.refusal !== null)
    return (
      <Typography variant="body2" color="text.secondary">
        {t(REFUSAL_TEXT[summary.refusal])}
      </Typography>
    );
  return (
    <Stack spacing={0.5}>
      <Typography id={labelId} variant="subtitle2">
        {t('appFeedback.ratings.yours')}
      </Typography>
      <StarInput
        labelledBy={labelId}
        value={rate.isPending ? (rate.variables ?? summary.mine) : summary.mine}
        disabled={rate.isPending}
        labelOf={(score) => t('appFeedback.ratings.star', { count: score })}
        onChange={(score) => rate.mutate(score)}
      />
      {rate.isError && (
        <Alert severity="error">{errorMessage(rate.error, t('appFeedback.ratings.loadFailed'))}</Alert>
      )}
      {rate.isSuccess && (
        <Typography variant="caption" color="text.secondary" role="status">
          {t('appFeedback.ratings.saved')}
        </Typography>
      )}
    </Stack>
  );
}

/** The app's average, count and 1–5 histogram, and the visitor's own rating. */
export function RatingPanel({ did }: { did: string }) {
  const { t, i18n } = useTranslation();
  const ratings = useRatingSummary(did);
  if (ratings.isPending)
    return (
      <Box role="status" aria-busy="true" aria-label={t('appFeedback.ratings.loading')}>
        <Skeleton variant="rounded" height={120} />
      </Box>
    );
  if (ratings.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void ratings.refetch()}>
            {t('appFeedback.comments.retry')}
          </Button>
        }
      >
        {t('appFeedback.ratings.loadFailed')} {ratings.error.message}
      </Alert>
    );
  const summary = ratings.data;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ textAlign: { xs: 'left', sm: 'center' }, minWidth: 140 }}>
          {summary.average === null ? (
            <Typography color="text.secondary">{t('appFeedback.ratings.none')}</Typography>
          ) : (
            <>
              <Typography component="p" variant="h3" sx={{ fontWeight: 700 }}>
                {summary.average.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}
              </Typography>
              <Rating value={summary.average} precision={0.1} readOnly aria-hidden="true" />
              <Typography variant="body2" color="text.secondary">
                {t('appFeedback.ratings.average', {
                  average: summary.average.toLocaleString(i18n.language, { maximumFractionDigits: 2 }),
                })}
                {' · '}
                {t('appFeedback.ratings.count', {
                  count: summary.count,
                  formatted: formatCount(summary.count, i18n.language),
                })}
              </Typography>
            </>
          )}
        </Box>
        <Histogram summary={summary} />
      </Stack>
      <YourRating did={did} summary={summary} />
    </Stack>
  );
}
