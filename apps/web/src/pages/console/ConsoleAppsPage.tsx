import { consoleMessages } from '@kiosk/core/i18n/console';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, useScreenMessages } from '@kiosk/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { REVIEW_QUEUE_STATUSES as QUEUE_STATUSES } from '@kiosk/contracts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { formatBytes } from '../store/store-format.ts';
import { DevelopersSection } from './DevelopersSection.tsx';
import { JoinRequestsSection } from './JoinRequestsSection.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { ReviewStatusChip } from './ReviewStatusChip.tsx';
import { StoreSettingsCard } from './StoreSettingsCard.tsx';
import { useReviewQueue, type ReviewQueueItem, type ReviewQueueStatus } from './use-console-reviews.ts';

// The contract's queue statuses; named here because @kiosk/contracts' values bring zod into the browser.
const REVIEW_QUEUE_STATUSES = ['pending', 'inReview', 'approved'] as const satisfies typeof QUEUE_STATUSES;

const DEFAULT_PAGE_SIZE = 10;
const TITLE_ID = 'console-apps-title';
const QUEUE_TITLE_ID = 'console-apps-queue-title';
/** The select's value for the server's default: what waits on the admins (pending and inReview). */
const WAITING = '';

/**
 * `/console/apps` (seed 001 §2, §6; issue 12 item 8): the store's review type, and the queue of
 * versions waiting on the admins, each opening a panel to review it and to block its app.
 */
export function ConsoleAppsPage() {
  useScreenMessages(consoleMessages);
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ReviewQueueStatus | typeof WAITING>(WAITING);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<ReviewQueueItem | null>(null);
  const queue = useReviewQueue(status === WAITING ? undefined : status, page, pageSize);
  const title = t('page.screen.consoleApps');
  const queueTitle = t('console.reviews.title');
  useDocumentTitle(title);

  const columns: DataTableColumn<ReviewQueueItem>[] = [
    {
      key: 'app',
      label: t('console.reviews.app'),
      render: (item) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.app.title || item.app.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {item.app.name}
          </Typography>
        </Box>
      ),
    },
    { key: 'version', label: t('console.reviews.version') },
    {
      key: 'status',
      label: t('console.reviews.status'),
      render: (item) => <ReviewStatusChip status={item.status} />,
    },
    {
      key: 'created_at',
      label: t('console.reviews.uploaded'),
      render: (item) => formatUnixTime(item.created_at, i18n.language),
    },
    {
      key: 'size',
      label: t('console.reviews.size'),
      render: (item) => formatBytes(item.size, i18n.language),
    },
    {
      key: 'open',
      label: t('console.reviews.open'),
      align: 'right',
      render: (item) => (
        <Button
          size="small"
          variant="outlined"
          onClick={() => setSelected(item)}
          aria-label={t('console.reviews.openNamed', {
            title: item.app.title || item.app.name,
            version: item.version,
          })}
        >
          {t('console.reviews.open')}
        </Button>
      ),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box component="section" aria-labelledby={TITLE_ID}>
        <Box sx={{ mb: 3 }}>
          <Typography id={TITLE_ID} component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('console.apps.description')}
          </Typography>
        </Box>
        <Stack spacing={4}>
          <StoreSettingsCard />
          <JoinRequestsSection />
          <Box component="section" aria-labelledby={QUEUE_TITLE_ID}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}
            >
              <Typography id={QUEUE_TITLE_ID} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
                {queueTitle}
              </Typography>
              <TextField
                select
                size="small"
                label={t('console.reviews.filter')}
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as ReviewQueueStatus | typeof WAITING);
                  setPage(0);
                }}
                sx={{ minWidth: { sm: 220 } }}
                // Native: a phone's own picker, and a plain combobox for keyboards and screen readers.
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value={WAITING}>{t('console.reviews.waiting')}</option>
                {REVIEW_QUEUE_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`store.review.status.${value}`)}
                  </option>
                ))}
              </TextField>
            </Stack>
            <DataTable
              label={queueTitle}
              columns={columns}
              rows={queue.data?.list ?? []}
              getRowKey={(item) => item.id}
              count={queue.data?.count ?? 0}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={setPageSize}
              loading={queue.isPending}
              emptyText={t('console.reviews.empty')}
              error={
                queue.isError ? { message: queue.error.message, onRetry: () => void queue.refetch() } : null
              }
            />
          </Box>
          <DevelopersSection />
        </Stack>
      </Box>
      {selected && <ReviewDialog key={selected.id} item={selected} onClose={() => setSelected(null)} />}
    </Container>
  );
}
