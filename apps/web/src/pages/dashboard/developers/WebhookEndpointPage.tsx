import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { WebhookEndpoint } from '@kiosk/contracts';
import { dashboardDevelopersMessages } from '@kiosk/core/i18n/dashboard-developers';
import { webhookMessages } from '@kiosk/core/i18n/webhooks';
import { useScreenMessages } from '@kiosk/react';
import { DetailFrame, RowActions } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { recordProblem } from '../record-problem.ts';
import { Code } from '../payment/Code.tsx';
import { useEndpointActions } from './EndpointActions.tsx';
import { EndpointEvents, EndpointStatus } from './EndpointBits.tsx';
import { DeliveriesSection } from './DeliveriesSection.tsx';
import { useWebhookEndpoint } from './use-developers.ts';

const BACK = '/dashboard/developers/webhooks';

/** `/dashboard/developers/webhooks/{we_…}`: one endpoint, what it listens to, and its deliveries log. */
export function WebhookEndpointPage() {
  useScreenMessages(dashboardDevelopersMessages);
  useScreenMessages(webhookMessages);
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const livemode = useLivemode();
  const endpoint = useWebhookEndpoint(id, livemode);
  useDocumentTitle(endpoint.data?.url ?? t('developers.webhooks.title'));
  const back = { to: BACK, label: t('developers.endpoint.back') };

  const problem = recordProblem(endpoint, {
    notFoundTitle: t('developers.endpoint.notFound'),
    notFoundDescription: t('developers.endpoint.notFoundText', {
      id,
      mode: t(livemode ? 'developers.webhooks.modeLive' : 'developers.webhooks.modeTest'),
    }),
    loadFailed: t('developers.endpoint.loadFailed'),
    retry: t('developers.endpoint.retry'),
  });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {endpoint.data ? (
        <EndpointDetails endpoint={endpoint.data} back={back} />
      ) : (
        <DetailFrame
          back={back}
          linkComponent={RouterLink}
          loading
          loadingLabel={t('developers.endpoint.loading')}
          problem={problem}
        />
      )}
    </Container>
  );
}

function EndpointDetails({
  endpoint,
  back,
}: {
  endpoint: WebhookEndpoint;
  back: { to: string; label: string };
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const actions = useEndpointActions(endpoint.livemode, { onDeleted: () => void navigate(BACK) });
  const when = (seconds: number) => formatUnixTime(seconds, i18n.language);

  return (
    <DetailFrame
      back={back}
      linkComponent={RouterLink}
      title={
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Box>
      }
      status={<EndpointStatus endpoint={endpoint} />}
      subtitle={endpoint.description ?? undefined}
      actions={<RowActions actions={actions.actionsFor(endpoint)} />}
      notices={actions.notice}
      summary={[
        [
          {
            label: t('developers.endpoint.listensTo'),
            value: <EndpointEvents events={endpoint.enabled_events} all />,
          },
        ],
        [
          { label: t('developers.endpoint.id'), value: <Code>{endpoint.id}</Code> },
          { label: t('developers.endpoint.created'), value: when(endpoint.created_at) },
          { label: t('developers.endpoint.updated'), value: when(endpoint.updated_at) },
        ],
      ]}
    >
      <DeliveriesSection endpoint={endpoint} />
      {actions.dialogs}
    </DetailFrame>
  );
}
