import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DashboardMetrics, PaymentCurrency } from '@kiosk/contracts';
import { dashboardHomeMessages } from '@kiosk/core/i18n/dashboard-home';
import { useScreenMessages, visuallyHidden } from '@kiosk/react';
import { PageHeader } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { usePaymentCurrencies } from '../../../hooks/use-payment-currencies.ts';
import { MetricCard, MetricCardSkeleton } from './MetricCard.tsx';
import { MetricChart } from './MetricChart.tsx';
import {
  chartValue,
  DEFAULT_RANGE,
  formatDay,
  formatMoney,
  isRangeKey,
  RANGES,
  rangeDates,
  useDashboardMetrics,
  type RangeKey,
} from './use-dashboard-metrics.ts';

type Totals = DashboardMetrics['totals'];

/** The five figures, each with the list its number opens; money is drawn as lines, counts of a day as bars. */
const METRICS = [
  { key: 'grossVolume', field: 'gross_volume', money: true, to: '/dashboard/payments', chart: 'line' },
  { key: 'netVolume', field: 'net_volume', money: true, to: '/dashboard/payments', chart: 'line' },
  { key: 'newCustomers', field: 'new_customers', money: false, to: '/dashboard/customers', chart: 'bar' },
  { key: 'mrr', field: 'mrr', money: true, to: '/dashboard/subscriptions', chart: 'line' },
  {
    key: 'activeSubscriptions',
    field: 'active_subscriptions',
    money: false,
    to: '/dashboard/subscriptions',
    chart: 'line',
  },
] as const;

const CARD_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
};

const isEmpty = (totals: Totals) =>
  METRICS.every(({ field }) => totals[field] === 0 || totals[field] === '0');

/**
 * `/dashboard/home`: the mode's gross and net volume, new customers, MRR and active subscriptions
 * over a range, in one of its currencies, each a total that opens its list and a chart of its days.
 * The range and the currency are in the address, so a view can be shared and comes back on reload.
 */
export function HomePage() {
  useScreenMessages(dashboardHomeMessages);
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const title = t('dashboard.home.title');
  useDocumentTitle(title);
  const livemode = useLivemode();
  const [params, setParams] = useSearchParams();
  const askedRange = params.get('range');
  const range: RangeKey = isRangeKey(askedRange) ? askedRange : DEFAULT_RANGE;
  const dates = useMemo(() => rangeDates(range), [range]);
  const currencies = usePaymentCurrencies(livemode);
  const currencyList = [...(currencies.data?.values() ?? [])];
  // A currency of the other mode (the switch was flipped) falls back to this mode's first.
  const currency = currencyList.find((c) => c.id === params.get('currency')) ?? currencyList[0];
  const metrics = useDashboardMetrics(livemode, dates, currency?.id);

  const choose = (name: 'range' | 'currency', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const failed = currencies.isError || (metrics.isError && !metrics.data);
  const retry = () => void (currencies.isError ? currencies.refetch() : metrics.refetch());
  const noCurrency = currencies.isSuccess && currencyList.length === 0;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ mb: 3 }}>
        <PageHeader title={title} titleId={titleId} description={t('dashboard.home.description')} />
      </Box>
      {!noCurrency && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
          <TextField
            select
            size="small"
            label={t('dashboard.home.range')}
            value={range}
            onChange={(event) => choose('range', event.target.value)}
            sx={{ minWidth: 180 }}
          >
            {Object.keys(RANGES).map((key) => (
              <MenuItem key={key} value={key}>
                {t(`dashboard.home.range.${key}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('dashboard.home.currency')}
            value={currency?.id ?? ''}
            onChange={(event) => choose('currency', event.target.value)}
            disabled={!currency}
            sx={{ minWidth: 180 }}
          >
            {currencyList.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.symbol}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: { sm: 'center' } }}>
            {t('dashboard.home.period', {
              from: formatDay(dates.from, i18n.language),
              to: formatDay(dates.to, i18n.language),
            })}
          </Typography>
        </Stack>
      )}
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('dashboard.home.retry')}
            </Button>
          }
        >
          {t('dashboard.home.error')}
        </Alert>
      ) : noCurrency ? (
        <EmptyState
          title={t(livemode ? 'dashboard.home.noCurrencyLive' : 'dashboard.home.noCurrencyTest')}
          hint={t('dashboard.home.noCurrencyHint')}
        />
      ) : !metrics.data || !currency ? (
        <Box sx={CARD_GRID} aria-busy="true">
          <Box component="span" sx={visuallyHidden} role="status">
            {t('dashboard.home.loading')}
          </Box>
          {METRICS.map(({ key }) => (
            <MetricCardSkeleton key={key} />
          ))}
        </Box>
      ) : isEmpty(metrics.data.totals) ? (
        <EmptyState
          title={t(livemode ? 'dashboard.home.emptyLive' : 'dashboard.home.emptyTest')}
          hint={t('dashboard.home.emptyHint')}
        />
      ) : (
        <MetricCards data={metrics.data} currency={currency} />
      )}
    </Container>
  );
}

function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Typography component="p" variant="h6">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {hint}
      </Typography>
    </Stack>
  );
}

/** The five cards of one answer, their totals written exactly from its strings. */
function MetricCards({ data, currency }: { data: DashboardMetrics; currency: PaymentCurrency }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const count = new Intl.NumberFormat(locale);
  const shortDay = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const days = data.days.map((day) => day.date);
  const from = formatDay(data.from, locale);
  const to = formatDay(data.to, locale);
  return (
    <Box sx={CARD_GRID}>
      {METRICS.map((metric) => {
        const name = t(`dashboard.home.${metric.key}`);
        const total = metric.money
          ? formatMoney(String(data.totals[metric.field]), currency)
          : count.format(Number(data.totals[metric.field]));
        return (
          <MetricCard
            key={metric.key}
            title={name}
            hint={t(`dashboard.home.${metric.key}Hint`)}
            total={total}
            to={metric.to}
            linkLabel={t('dashboard.home.openList', { metric: name, total })}
            chartLabel={t('dashboard.home.chartLabel', { metric: name, total, from, to })}
            chart={
              <MetricChart
                kind={metric.chart}
                days={days}
                values={data.days.map((day) =>
                  metric.money ? chartValue(String(day[metric.field]), currency) : Number(day[metric.field]),
                )}
                formatDay={(day) => shortDay.format(new Date(`${day}T00:00:00Z`))}
                formatValue={(value) =>
                  metric.money ? `${count.format(value)} ${currency.symbol}` : count.format(value)
                }
              />
            }
          />
        );
      })}
    </Box>
  );
}
