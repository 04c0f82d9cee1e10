import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { WebhookEndpoint } from '@kiosk/contracts';
import { webhookMessages } from '@kiosk/core/i18n/webhooks';
import { dashboardDevelopersMessages } from '@kiosk/core/i18n/dashboard-developers';
import { useScreenMessages, type DataTableColumn } from '@kiosk/react';
import { ListPage, PageBackLink, actionsColumn, listStateOf, useListParams } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { MONOSPACE_FONT } from '../../../theme.ts';
import { useEndpointActions } from './EndpointActions.tsx';
import { EndpointEvents, EndpointStatus } from './EndpointBits.tsx';
import { useWebhookEndpoints } from './use-developers.ts';

/**
 * `/dashboard/developers/webhooks`: the webhook endpoints of the current mode, with Add, Edit,
 * Disable/Enable, Roll secret and Delete; an endpoint's URL opens its deliveries.
 */
export function WebhooksPage() {
  useScreenMessages(dashboardDevelopersMessages);
  useScreenMessages(webhookMessages);
  const { t } = useTranslation();
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), { scope: String(livemode) });
  const endpoints = useWebhookEndpoints(livemode, list.page, list.pageSize);
  const actions = useEndpointActions(livemode);
  const title = t('developers.webhooks.title');
  useDocumentTitle(title);

  const columns: DataTableColumn<WebhookEndpoint>[] = [
    {
      key: 'url',
      label: t('developers.webhooks.url'),
      render: (endpoint) => (
        <Link
          component={RouterLink}
          to={`/dashboard/developers/webhooks/${endpoint.id}`}
          sx={{ fontFamily: MONOSPACE_FONT, wordBreak: 'break-all' }}
        >
          {endpoint.url}
        </Link>
      ),
    },
    {
      key: 'events',
      label: t('developers.webhooks.events'),
      render: (endpoint) => <EndpointEvents events={endpoint.enabled_events} />,
    },
    {
      key: 'status',
      label: t('developers.webhooks.status'),
      render: (endpoint) => <EndpointStatus endpoint={endpoint} />,
    },
    {
      key: 'description',
      label: t('developers.webhooks.descriptionColumn'),
      render: (endpoint) => endpoint.description ?? '',
    },
    actionsColumn(t('developers.webhooks.actions'), actions.actionsFor),
  ];

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={actions.openAdd}>
      {t('developers.webhooks.add')}
    </Button>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageBackLink
        back={{ to: '/dashboard/developers', label: t('developers.webhooks.back') }}
        linkComponent={RouterLink}
      />
      <ListPage
        title={title}
        description={t('developers.webhooks.description')}
        actions={add}
        notice={actions.notice}
        params={list}
        columns={columns}
        getRowKey={(endpoint) => endpoint.id}
        emptyText={
          // Spans only: the table shows its empty text inside a paragraph.
          <Stack component="span" spacing={1} sx={{ alignItems: 'center', maxWidth: 560, mx: 'auto' }}>
            <span>
              {t('developers.webhooks.emptyTitle', {
                mode: t(livemode ? 'developers.webhooks.modeLive' : 'developers.webhooks.modeTest'),
              })}
            </span>
            <span>{t('developers.webhooks.emptyText')}</span>
            <Button variant="outlined" size="small" startIcon={<AddIcon />} onClick={actions.openAdd}>
              {t('developers.webhooks.add')}
            </Button>
          </Stack>
        }
        {...listStateOf(endpoints)}
      >
        {actions.dialogs}
      </ListPage>
    </Container>
  );
}
