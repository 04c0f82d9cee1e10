import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Container from '@mui/material/Container';
import type { EventRecord } from '@kiosk/contracts';
import { WEBHOOK_EVENT_TYPES } from '@kiosk/contracts/event-types';
import { dashboardDevelopersMessages } from '@kiosk/core/i18n/dashboard-developers';
import { useScreenMessages, type DataTableColumn } from '@kiosk/react';
import { ListPage, PageBackLink, listStateOf, useListParams } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { Code } from '../payment/Code.tsx';
import { Disclosure } from './Disclosure.tsx';
import { EVENT_GROUPS } from './event-types.ts';
import { useEvents } from './use-developers.ts';

/** The type filter's choices: each object's group first (`charge.*`), then every type. */
const TYPE_CHOICES = [...EVENT_GROUPS, ...WEBHOOK_EVENT_TYPES] as const;
const FILTERS = { type: TYPE_CHOICES };

/**
 * `/dashboard/developers/events`: the events of the current mode, newest first (what webhooks send),
 * filtered by type or group and by an object's id, each row opening to the event as JSON.
 */
export function EventsPage() {
  useScreenMessages(dashboardDevelopersMessages);
  const { t, i18n } = useTranslation();
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), { scope: String(livemode), filters: FILTERS });
  const type = list.filters.type;
  // The search is an object's id: its history, as a payment's page shows it.
  const objectId = list.search.trim();
  const events = useEvents(livemode, list.page, list.pageSize, type, objectId);
  const title = t('developers.events.title');
  useDocumentTitle(title);

  const columns: DataTableColumn<EventRecord>[] = [
    { key: 'type', label: t('developers.events.type'), render: (event) => <Code>{event.type}</Code> },
    {
      key: 'object_id',
      label: t('developers.events.object'),
      render: (event) => <Code>{event.object_id}</Code>,
    },
    {
      key: 'created_at',
      label: t('developers.events.created'),
      render: (event) => formatUnixTime(event.created_at, i18n.language),
    },
    { key: 'id', label: t('developers.events.id'), render: (event) => <Code>{event.id}</Code> },
    {
      key: 'data',
      label: t('developers.events.data'),
      render: (event) => (
        <Disclosure
          text={JSON.stringify(event, null, 2)}
          showLabel={t('developers.events.showJson')}
          hideLabel={t('developers.events.hideJson')}
        />
      ),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageBackLink
        back={{ to: '/dashboard/developers', label: t('developers.webhooks.back') }}
        linkComponent={RouterLink}
      />
      <ListPage
        title={title}
        description={t('developers.events.description')}
        params={list}
        searchable
        filters={[
          {
            name: 'type',
            label: t('developers.events.typeFilter'),
            noneLabel: t('developers.events.allTypes'),
            options: TYPE_CHOICES.map((choice) => ({ value: choice, label: choice })),
          },
        ]}
        columns={columns}
        getRowKey={(event) => event.id}
        emptyText={
          type || objectId
            ? t('developers.events.emptyFiltered')
            : t('developers.events.empty', {
                mode: t(livemode ? 'developers.webhooks.modeLive' : 'developers.webhooks.modeTest'),
              })
        }
        {...listStateOf(events)}
      />
    </Container>
  );
}
