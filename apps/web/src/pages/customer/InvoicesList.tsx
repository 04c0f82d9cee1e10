import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTableNotice, useKioskSettings, visuallyHidden } from '@kiosk/react';
import { fromUnix } from '@kiosk/core';
import type { Invoice } from '@kiosk/contracts';
import { DEFAULT_PAGE_SIZE, useInvoiceColumns, type InvoicesTableProps } from './InvoicesTable.tsx';
import { useInvoicePages } from './use-invoice-pages.ts';
import { useUnixNow } from './use-unix-now.ts';

const PLAIN_LIST = { listStyle: 'none', m: 0, p: 0 } as const;
const SKELETON_ROWS = 3;

interface InvoiceDay {
  /** Midnight starting the day, on the reader's clock. */
  start: Date;
  invoices: Invoice[];
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** Invoices by the calendar day they were made on in the reader's time zone, in the order given. */
function groupByDay(invoices: readonly Invoice[]): InvoiceDay[] {
  const days = new Map<number, InvoiceDay>();
  for (const invoice of invoices) {
    const start = startOfDay(fromUnix(invoice.created_at));
    const day = days.get(start.getTime());
    if (day) day.invoices.push(invoice);
    else days.set(start.getTime(), { start, invoices: [invoice] });
  }
  return [...days.values()];
}

/** Each invoice once: a page read after new invoices arrived repeats the end of the page before it. */
function distinct(invoices: readonly Invoice[]): Invoice[] {
  const seen = new Set<string>();
  return invoices.filter((invoice) => !seen.has(invoice.id) && Boolean(seen.add(invoice.id)));
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <Box component="ul" aria-label={label} aria-busy="true" sx={PLAIN_LIST}>
      <li>
        <Skeleton variant="text" width={120} sx={{ mx: 2, my: 1 }} />
        <Box component="ul" sx={PLAIN_LIST}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <Box component="li" key={index} data-skeleton-row="" sx={{ px: 2, py: 1.5 }}>
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" width="40%" />
            </Box>
          ))}
        </Box>
      </li>
    </Box>
  );
}

/** The reader's word for a day: "Today", "Yesterday", else its date (in their language). */
function useDayHeading(): (day: InvoiceDay) => string {
  const { t, i18n } = useTranslation();
  const now = useUnixNow(60_000);
  const formatDay = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format;
  const today = startOfDay(fromUnix(now));
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  return ({ start }) =>
    start.getTime() === today.getTime()
      ? t('portal.invoices.today')
      : start.getTime() === yesterday.getTime()
        ? t('portal.invoices.yesterday')
        : formatDay(start);
}

/**
 * "Load more", and where the keyboard goes once it has brought its rows: to the first new invoice's
 * link (the button may be gone by then), or nowhere new when loading failed.
 */
function useLoadMore(rowCount: number, fetchNextPage: () => Promise<{ isError: boolean }>) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || rowCount <= index) return;
    focusRow.current = null;
    listRef.current?.querySelectorAll('[data-invoice]')[index]?.querySelector<HTMLElement>('a')?.focus();
  }, [rowCount]);
  const loadMore = () => {
    focusRow.current = rowCount;
    void fetchNextPage().then((result) => {
      if (result.isError) focusRow.current = null;
    });
  };
  return { listRef, loadMore };
}

/**
 * Seed 001 §2's second invoice list: ten at a time with "Load more", under a heading per day ("Today",
 * "Yesterday", else the date), newest first. Each invoice shows the table's own cells (InvoicesTable's
 * columns), so both forms link, name and strike through an invoice alike.
 */
export function InvoicesList({
  livemode,
  filter,
  label,
  emptyText,
  subscriptionNames,
  action,
}: InvoicesTableProps) {
  const { t, i18n } = useTranslation();
  const invoices = useInvoicePages(livemode, filter, DEFAULT_PAGE_SIZE);
  const settings = useKioskSettings(livemode);
  const columns = useInvoiceColumns(livemode, subscriptionNames, action);
  const dayHeading = useDayHeading();
  const headingIds = useId();

  const pages = invoices.data?.pages;
  const rows = useMemo(() => distinct(pages?.flatMap((page) => page.list) ?? []), [pages]);
  const count = pages?.at(-1)?.count ?? 0;
  const { listRef, loadMore } = useLoadMore(rows.length, () => invoices.fetchNextPage());

  const cell = (key: string, invoice: Invoice) =>
    columns.find((column) => column.key === key)?.render?.(invoice);
  const formatTime = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format;
  // Amounts wait for their currency, so no row redraws in other units.
  const loading = invoices.isPending || settings.isPending;
  const error = invoices.isError
    ? {
        message: invoices.error.message,
        onRetry: () => void (invoices.isFetchNextPageError ? invoices.fetchNextPage() : invoices.refetch()),
      }
    : null;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box role="status" sx={visuallyHidden}>
        {loading || invoices.isFetchingNextPage ? t('portal.invoices.loading') : ''}
      </Box>
      {loading ? (
        <ListSkeleton label={label} />
      ) : rows.length === 0 ? (
        <Box sx={{ px: 2 }}>
          <DataTableNotice error={error} emptyText={emptyText ?? t('portal.invoices.empty')} />
        </Box>
      ) : (
        <>
          <Box component="ul" ref={listRef} aria-label={label} sx={PLAIN_LIST}>
            {groupByDay(rows).map((day) => (
              <InvoiceDayGroup
                key={day.start.getTime()}
                headingId={`${headingIds}-${day.start.getTime()}`}
                heading={dayHeading(day)}
              >
                {day.invoices.map((invoice) => (
                  <InvoiceListItem
                    key={invoice.id}
                    invoice={invoice}
                    cell={cell}
                    time={formatTime(fromUnix(invoice.created_at))}
                    withSubscription={subscriptionNames !== undefined}
                  />
                ))}
              </InvoiceDayGroup>
            ))}
          </Box>
          {error && (
            <Box sx={{ px: 2, pb: 1 }}>
              <DataTableNotice error={error} />
            </Box>
          )}
          <LoadMoreFooter
            shown={rows.length}
            count={Math.max(count, rows.length)}
            more={invoices.hasNextPage}
            loading={invoices.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
    </Paper>
  );
}

/** How many invoices are shown of how many, and "Load more" while there are more. */
function LoadMoreFooter({
  shown,
  count,
  more,
  loading,
  onLoadMore,
}: {
  shown: number;
  count: number;
  more: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formatNumber = new Intl.NumberFormat(i18n.language).format;
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('portal.invoices.showing', { shown: formatNumber(shown), count: formatNumber(count) })}
      </Typography>
      {more && (
        <Button variant="outlined" size="small" onClick={onLoadMore} loading={loading} disabled={loading}>
          {t('portal.invoices.loadMore')}
        </Button>
      )}
    </Stack>
  );
}

/** One day's invoices under its heading, which names their list. */
function InvoiceDayGroup({
  headingId,
  heading,
  children,
}: {
  headingId: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Typography
        id={headingId}
        component="h3"
        variant="subtitle2"
        sx={{ px: 2, py: 1, bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        {heading}
      </Typography>
      <Box component="ul" aria-labelledby={headingId} sx={PLAIN_LIST}>
        {children}
      </Box>
    </li>
  );
}

/**
 * One invoice: its number, reason and time (and subscription) on the left, its total and status on
 * the right, each drawn by the table's column of the same key.
 */
function InvoiceListItem({
  invoice,
  cell,
  time,
  withSubscription,
}: {
  invoice: Invoice;
  cell: (key: string, invoice: Invoice) => ReactNode;
  time: string;
  withSubscription: boolean;
}) {
  return (
    <Box
      component="li"
      data-invoice=""
      sx={{
        px: 2,
        py: 1.5,
        display: 'flex',
        gap: 2,
        justifyContent: 'space-between',
        alignItems: 'flex-start',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <div>{cell('number', invoice)}</div>
        <Typography variant="body2" color="text.secondary">
          <span>{cell('billing_reason', invoice)}</span>
          <span aria-hidden> · </span>
          <time dateTime={fromUnix(invoice.created_at).toISOString()}>{time}</time>
        </Typography>
        {withSubscription && invoice.subscription_id && (
          <Typography variant="body2">{cell('subscription', invoice)}</Typography>
        )}
      </Box>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        <Typography variant="body2" component="div">
          {cell('total', invoice)}
        </Typography>
        {cell('status', invoice)}
      </Stack>
    </Box>
  );
}
