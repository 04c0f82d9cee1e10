import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { DonationLinkSummary } from '@kiosk/contracts';
import { formatAmount } from '@kiosk/core';
import { integrationsDonationsMessages } from '@kiosk/core/i18n/integrations-donations';
import { useScreenMessages, type DataTableColumn } from '@kiosk/react';
import { ListPage, listStateOf, useListParams } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { kioskClient } from '../../../lib/api.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { keepPreviousDataOfMode, modeKey } from '../../../lib/query-client.ts';
import { Code } from '../payment/Code.tsx';
import { ActiveChip } from '../products/ProductStatusChip.tsx';

function useDonationLinks(livemode: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: modeKey(livemode, 'donation-links', 'list', { page, pageSize }),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/donation-links', { query: { page: page + 1, pageSize, livemode }, signal }),
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}

/**
 * `{mount}/integrations/donations`, the owner's page (issue 25): the mode's donation links, what
 * each supports, how many gave and what they raised. A row opens the link.
 */
export function DonationsPage() {
  useScreenMessages(integrationsDonationsMessages);
  const { t, i18n } = useTranslation();
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), { scope: String(livemode) });
  const links = useDonationLinks(livemode, list.page, list.pageSize);
  const navigate = useNavigate();
  const title = t('donations.page.title');
  useDocumentTitle(title);

  const columns: DataTableColumn<DonationLinkSummary>[] = [
    {
      key: 'title',
      label: t('donations.page.supports'),
      render: (link) =>
        link.title ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('donations.page.untitled')}
          </Typography>
        ),
    },
    {
      key: 'target',
      label: t('donations.page.target'),
      render: (link) => (link.target ? <Code>{link.target}</Code> : '—'),
    },
    {
      key: 'supporters',
      label: t('donations.page.supporters'),
      align: 'right',
      render: (link) => link.supporters,
    },
    {
      key: 'raised',
      label: t('donations.page.raised'),
      align: 'right',
      render: (link) =>
        link.currency
          ? `${formatAmount(link.totalAmount, link.currency.decimal)} ${link.currency.symbol}`
          : '—',
    },
    {
      key: 'status',
      label: t('donations.page.status'),
      render: (link) => (
        <ActiveChip
          active={link.active}
          activeKey="donations.page.active"
          inactiveKey="donations.page.inactive"
        />
      ),
    },
    {
      key: 'created_at',
      label: t('donations.page.created'),
      render: (link) => formatUnixTime(link.created_at, i18n.language),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('donations.page.description')}
        params={list}
        columns={columns}
        getRowKey={(link) => link.id}
        onRowClick={(link) => void navigate(`/dashboard/payment-links/${link.id}`)}
        emptyText={t(livemode ? 'donations.page.emptyLive' : 'donations.page.emptyTest')}
        {...listStateOf(links)}
      />
    </Container>
  );
}
