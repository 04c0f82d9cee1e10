import { joinMessages } from '@kiosk/core/i18n/join';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type DataTableColumn, useScreenMessages } from '@kiosk/react';
import { ListPage, actionsColumn, listStateOf, shortDid, useListParams } from '@kiosk/react/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JoinRequest } from '@kiosk/contracts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { useDecideJoinRequest, useJoinRequests } from './use-join-requests.ts';

/** The user's name, or their DID shortened when they have not set one. */
const nameOf = (request: JoinRequest) => request.name || shortDid(request.did, { method: true });

/**
 * Seed 001 `/join` in invitation mode (issue 12 item 7): the requests to become a developer, each
 * approved (which grants the developer role) or declined by an admin.
 */
export function JoinRequestsSection() {
  useScreenMessages(joinMessages);
  const { t, i18n } = useTranslation();
  const list = useListParams(useSearchParams(), { prefix: 'requests' });
  const requests = useJoinRequests(list.page, list.pageSize);
  const decide = useDecideJoinRequest();
  const deciding = decide.isPending ? decide.variables : undefined;

  const decided = decide.isSuccess
    ? t(decide.variables.decision === 'approve' ? 'join.console.approved' : 'join.console.declined', {
        name: nameOf(decide.variables.request),
      })
    : '';

  const columns: DataTableColumn<JoinRequest>[] = [
    {
      key: 'user',
      label: t('join.console.user'),
      render: (request) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {nameOf(request)}
          </Typography>
          {request.name && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {request.did}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'message',
      label: t('join.console.message'),
      render: (request) =>
        request.message ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('join.console.noMessage')}
          </Typography>
        ),
    },
    {
      key: 'created_at',
      label: t('join.console.askedAt'),
      render: (request) => formatUnixTime(request.created_at, i18n.language),
    },
    actionsColumn(t('join.console.actions'), (request) => [
      {
        label: t('join.console.decline'),
        ariaLabel: t('join.console.declineNamed', { name: nameOf(request) }),
        variant: 'outlined',
        color: 'inherit',
        disabled: decide.isPending,
        loading: deciding?.request.id === request.id && deciding.decision === 'decline',
        onClick: () => decide.mutate({ request, decision: 'decline' }),
      },
      {
        label: t('join.console.approve'),
        ariaLabel: t('join.console.approveNamed', { name: nameOf(request) }),
        variant: 'contained',
        disabled: decide.isPending,
        loading: deciding?.request.id === request.id && deciding.decision === 'approve',
        onClick: () => decide.mutate({ request, decision: 'approve' }),
      },
    ]),
  ];

  return (
    <ListPage
      title={t('join.console.title')}
      headingLevel={2}
      description={t('join.console.description')}
      notice={
        <>
          <Box role="status" sx={{ mb: decided ? 2 : 0 }}>
            {decided && <Alert severity="success">{decided}</Alert>}
          </Box>
          {decide.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {decide.error.message}
            </Alert>
          )}
        </>
      }
      params={list}
      columns={columns}
      getRowKey={(request) => request.id}
      emptyText={t('join.console.empty')}
      {...listStateOf(requests)}
      // A failed refresh keeps the requests on screen; only a list never loaded says it failed.
      error={
        requests.isError && !requests.data
          ? {
              message: requests.error.message,
              onRetry: () => void requests.refetch(),
              text: t('join.console.loadFailed', { error: requests.error.message }),
              retryLabel: t('join.console.retry'),
            }
          : null
      }
    />
  );
}
