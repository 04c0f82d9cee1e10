import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { StoreAnalytics } from '@kiosk/contracts';
import { formatAmount } from '@kiosk/core';
import { storeAnalyticsMessages } from '@kiosk/core/i18n/store-analytics';
import { useScreenMessages } from '@kiosk/react';

const CHART_HEIGHT = 64;
const COUNTS = ['downloads', 'launches', 'purchases', 'ratings'] as const;

type Day = StoreAnalytics['days'][number];
/** A figure the bars can show: a count, or the earnings in one currency. */
interface Figure {
  key: string;
  label: string;
  value: (day: Day | StoreAnalytics['totals']) => bigint;
  format: (value: bigint) => string;
}

/**
 * The store's figures of the last 30 days (issue 24 item 6): one bar a day of the chosen figure
 * (downloads, launches, purchases, new ratings, or earnings in a currency), and its total. The bars
 * are drawn for the eye; a screen reader reads each day's value from the bars' labels.
 */
export function AnalyticsPanel({
  id,
  titleKey,
  analytics,
}: {
  id: string;
  /** A key of the storeAnalytics group. */
  titleKey: string;
  analytics: UseQueryResult<StoreAnalytics>;
}) {
  useScreenMessages(storeAnalyticsMessages);
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<string>('downloads');
  const titleId = `${id}-title`;
  const count = (value: bigint) => Number(value).toLocaleString(i18n.language);
  const figures: Figure[] = [
    ...COUNTS.map((name) => ({
      key: name,
      label: t(`storeAnalytics.${name}`),
      value: (day: Day | StoreAnalytics['totals']) => BigInt(day[name]),
      format: count,
    })),
    ...(analytics.data?.currencies ?? []).map((currency) => ({
      key: `earnings:${currency.id}`,
      label: t('storeAnalytics.earnings', { symbol: currency.symbol }),
      value: (day: Day | StoreAnalytics['totals']) => BigInt(day.earnings[currency.id] ?? '0'),
      format: (value: bigint) => `${formatAmount(value, currency.decimal)} ${currency.symbol}`,
    })),
  ];
  const figure = figures.find((candidate) => candidate.key === chosen) ?? figures[0]!;
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t(titleKey)}
      </Typography>
      {analytics.isPending ? (
        <Skeleton variant="rounded" height={CHART_HEIGHT + 72} aria-label={t('storeAnalytics.loading')} />
      ) : analytics.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void analytics.refetch()}>
              {t('storeAnalytics.retry')}
            </Button>
          }
        >
          {t('storeAnalytics.failed')}
        </Alert>
      ) : (
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={figure.key}
            onChange={(_event, value: string | null) => value && setChosen(value)}
            aria-label={t('storeAnalytics.figure')}
            sx={{ flexWrap: 'wrap', mb: 1 }}
          >
            {figures.map((candidate) => (
              <ToggleButton key={candidate.key} value={candidate.key}>
                {candidate.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {t('storeAnalytics.total', {
              figure: figure.label,
              total: figure.format(figure.value(analytics.data.totals)),
            })}
          </Typography>
          <Bars days={analytics.data.days} figure={figure} dayLabel={dayLabel} />
        </>
      )}
    </Box>
  );
}

function Bars({
  days,
  figure,
  dayLabel,
}: {
  days: Day[];
  figure: Figure;
  dayLabel: (date: string) => string;
}) {
  const { t } = useTranslation();
  const values = days.map((day) => figure.value(day));
  const max = values.reduce((top, value) => (value > top ? value : top), 1n);
  return (
    <Box
      role="list"
      aria-label={t('storeAnalytics.bars', { figure: figure.label })}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: CHART_HEIGHT }}
    >
      {days.map((day, index) => {
        const value = values[index]!;
        const label = t('storeAnalytics.day', { date: dayLabel(day.date), value: figure.format(value) });
        return (
          <Box
            key={day.date}
            role="listitem"
            aria-label={label}
            title={label}
            sx={{
              flex: 1,
              minHeight: 2,
              height: `${Number((value * 1000n) / max) / 10}%`,
              bgcolor: value ? 'primary.main' : 'action.disabledBackground',
              borderRadius: '2px 2px 0 0',
            }}
          />
        );
      })}
    </Box>
  );
}
