import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { WebhookDelivery, WebhookEndpoint } from '@kiosk/contracts';
import type { DataTableColumn } from '@kiosk/react';
import { ListPage, actionsColumn, errorMessage, listStateOf, useListParams } from '@kiosk/react/ui';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { Code } from '../payment/Code.tsx';
import { Disclosure } from './Disclosure.tsx';
import { useEndpointChanges, useWebhookDeliveries } from './use-developers.ts';

const STATUS_COLOR = { pending: 'default', succeeded: 'success', failed: 'error' } as const;

type ResendNotice = { ok: true; text: string } | { ok: false; text: string };

/** An endpoint's deliveries, newest first, each with its answer on request and Resend. */
export function DeliveriesSection({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const { livemode } = endpoint;
  const list = useListParams(useSearchParams(), { prefix: 'deliveries' });
  const deliveries = useWebhookDeliveries(endpoint.id, livemode, list.page, list.pageSize);
  const { resend } = useEndpointChanges(livemode);
  const [notice, setNotice] = useState<ResendNotice | null>(null);
  const none = t('developers.deliveries.none');
  const statusText = (status: WebhookDelivery['status']) => t(`developers.deliveries.status.${status}`);

  const send = (delivery: WebhookDelivery) => {
    setNotice(null);
    const event = delivery.event_type;
    resend.mutateAsync(delivery.id).then(
      (sent) =>
        setNotice({
          ok: true,
          text: t('developers.deliveries.resent', { event, status: statusText(sent.status) }),
        }),
      (error: unknown) =>
        setNotice({
          ok: false,
          text: t('developers.deliveries.resendFailed', {
            event,
            reason: errorMessage(error, t('developers.tryAgain')),
          }),
        }),
    );
  };

  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      key: 'event',
      label: t('developers.deliveries.event'),
      render: (delivery) => (
        <Stack component="span">
          <Code>{delivery.event_type}</Code>
          <Code>{delivery.event_id}</Code>
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('developers.deliveries.status'),
      render: (delivery) => (
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[delivery.status]}
          label={statusText(delivery.status)}
        />
      ),
    },
    {
      key: 'http_status',
      label: t('developers.deliveries.httpStatus'),
      render: (delivery) => delivery.http_status ?? delivery.error ?? none,
    },
    {
      key: 'duration_ms',
      label: t('developers.deliveries.duration'),
      align: 'right',
      render: (delivery) =>
        delivery.duration_ms === null ? none : t('developers.deliveries.ms', { ms: delivery.duration_ms }),
    },
    { key: 'attempt', label: t('developers.deliveries.attempt'), align: 'right' },
    {
      key: 'next_retry_at',
      label: t('developers.deliveries.nextRetry'),
      render: (delivery) =>
        delivery.next_retry_at === null ? none : formatUnixTime(delivery.next_retry_at, i18n.language),
    },
    {
      key: 'answer',
      label: t('developers.deliveries.answer'),
      render: (delivery) =>
        delivery.response_excerpt ? (
          <Disclosure
            text={delivery.response_excerpt}
            showLabel={t('developers.deliveries.showAnswer')}
            hideLabel={t('developers.deliveries.hideAnswer')}
          />
        ) : (
          t('developers.deliveries.noAnswer')
        ),
    },
    actionsColumn(t('developers.deliveries.actions'), (delivery) => [
      {
        label: t('developers.deliveries.resend'),
        ariaLabel: t('developers.deliveries.resendNamed', { event: delivery.event_type }),
        loading: resend.isPending && resend.variables === delivery.id,
        disabled: resend.isPending,
        onClick: () => send(delivery),
      },
    ]),
  ];

  return (
    <ListPage
      title={t('developers.deliveries.title')}
      headingLevel={2}
      notice={notice && <ResendAlert notice={notice} onClose={() => setNotice(null)} />}
      params={list}
      columns={columns}
      getRowKey={(delivery) => delivery.id}
      emptyText={t('developers.deliveries.empty')}
      {...listStateOf(deliveries)}
    />
  );
}

/** What a Resend came to: read out politely when it went, at once when it could not. */
function ResendAlert({ notice, onClose }: { notice: ResendNotice; onClose: () => void }) {
  return (
    <Alert
      severity={notice.ok ? 'success' : 'error'}
      role={notice.ok ? 'status' : 'alert'}
      sx={{ mb: 2 }}
      onClose={onClose}
    >
      {notice.text}
    </Alert>
  );
}
