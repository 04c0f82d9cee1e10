import { consoleMessages } from '@kiosk/core/i18n/console';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type DataTableColumn, useScreenMessages } from '@kiosk/react';
import { ListPage, PageHeader, actionsColumn, listStateOf, useListParams } from '@kiosk/react/ui';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { REVIEW_QUEUE_STATUSES as QUEUE_STATUSES } from '@kiosk/contracts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { formatBytes } from '../store/store-format.ts';
import { DevelopersSection } from './DevelopersSection.tsx';
import { ConsoleNav } from './ConsoleNav.tsx';
import { JoinRequestsSection } from './JoinRequestsSection.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { ReviewStatusChip } from './ReviewStatusChip.tsx';
import { StoreSettingsCard } from './StoreSettingsCard.tsx';
import { useReviewQueue, type ReviewQueueItem } from './use-console-reviews.ts';

// The contract's queue statuses; named here because @kiosk/contracts' values bring zod into the browser.
const REVIEW_QUEUE_STATUSES = ['pending', 'inReview', 'approved'] as const satisfies typeof QUEUE_STATUSES;

/**
 * `/console/apps` (seed 001 §2, §6; issue 12 item 8): the store's review type, and the queue of
 * versions waiting on the admins, each opening a panel to review it and to block its app.
 */
export function ConsoleAppsPage() {
  useScreenMessages(consoleMessages);
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const list = useListParams(useSearchParams(), { filters: { status: REVIEW_QUEUE_STATUSES } });
  const [selected, setSelected] = useState<ReviewQueueItem | null>(null);
  // Without a status the server lists what waits on the admins (pending and inReview).
  const queue = useReviewQueue(list.filters.status || undefined, list.page, list.pageSize);
  const title = t('page.screen.consoleApps');
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
    actionsColumn(t('console.reviews.open'), (item) => [
      {
        label: t('console.reviews.open'),
        ariaLabel: t('console.reviews.openNamed', {
          title: item.app.title || item.app.name,
          version: item.version,
        }),
        variant: 'outlined',
        onClick: () => setSelected(item),
      },
    ]),
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ConsoleNav />
      <Box component="section" aria-labelledby={titleId}>
        <Box sx={{ mb: 3 }}>
          <PageHeader title={title} titleId={titleId} description={t('console.apps.description')} />
        </Box>
        <Stack spacing={4}>
          <StoreSettingsCard />
          <JoinRequestsSection />
          <ListPage
            title={t('console.reviews.title')}
            headingLevel={2}
            filters={[
              {
                name: 'status',
                label: t('console.reviews.filter'),
                noneLabel: t('console.reviews.waiting'),
                options: REVIEW_QUEUE_STATUSES.map((value) => ({
                  value,
                  label: t(`store.review.status.${value}`),
                })),
              },
            ]}
            params={list}
            columns={columns}
            getRowKey={(item) => item.id}
            emptyText={t('console.reviews.empty')}
            {...listStateOf(queue)}
          />
          <DevelopersSection />
        </Stack>
      </Box>
      {selected && <ReviewDialog key={selected.id} item={selected} onClose={() => setSelected(null)} />}
    </Container>
  );
}
