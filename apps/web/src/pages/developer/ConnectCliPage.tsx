import { developerMessages } from '@kiosk/core/i18n/developer';
import { useScreenMessages } from '@kiosk/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HistoryToggleOffIcon from '@mui/icons-material/HistoryToggleOff';
import CodeIcon from '@mui/icons-material/Code';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import TerminalIcon from '@mui/icons-material/Terminal';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CliConnection, CliConnectionClient } from '@kiosk/contracts';
import { ApiError } from '@kiosk/sdk';
import { StatusOutcome } from '../../components/StatusOutcome.tsx';
import { TaskPage } from '../../components/TaskPage.tsx';
import { SignInButton } from '../../components/auth/SignInButton.tsx';
import { useSession } from '../../hooks/use-session.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { DEVELOPER_ROLES, hasAnyRole } from '../../lib/roles.ts';
import { useAnswerCliConnection, useCliConnection } from './use-cli-connection.ts';

/** What the page says that depends on who asks: the CLI (/connect-cli) or an editor (/connect-studio). */
const VARIANTS = {
  cli: {
    icon: TerminalIcon,
    title: 'page.screen.connectCli',
    description: 'developer.connectCli.description',
    signInNeeded: 'developer.connectCli.signInNeeded',
    asks: 'developer.connectCli.asks',
    approved: 'developer.connectCli.approved',
    deniedHint: 'developer.connectCli.deniedHint',
    expiredHint: 'developer.connectCli.expiredHint',
    redeemedHint: 'developer.connectCli.redeemedHint',
    notFoundHint: 'developer.connectCli.notFoundHint',
  },
  studio: {
    icon: CodeIcon,
    title: 'page.screen.connectStudio',
    description: 'developer.connectStudio.description',
    signInNeeded: 'developer.connectStudio.signInNeeded',
    asks: 'developer.connectStudio.asks',
    approved: 'developer.connectStudio.approved',
    deniedHint: 'developer.connectStudio.deniedHint',
    expiredHint: 'developer.connectStudio.expiredHint',
    redeemedHint: 'developer.connectStudio.redeemedHint',
    notFoundHint: 'developer.connectStudio.notFoundHint',
  },
} as const satisfies Record<CliConnectionClient, object>;
type Variant = (typeof VARIANTS)[CliConnectionClient];

/** An unknown id is a 404; a malformed one (too long) is refused on `params.id`: the same to a visitor. */
function isUnknownConnection(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || (error.status === 400 && error.details.some(({ path }) => path === 'params.id')))
  );
}

function RequestSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label={label}>
      <Skeleton variant="text" width="80%" height={32} />
      <Skeleton variant="text" width="100%" />
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="rounded" height={40} />
    </Stack>
  );
}

function PendingRequest({
  connection,
  canApprove,
  variant,
}: {
  connection: CliConnection;
  canApprove: boolean;
  variant: Variant;
}) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerCliConnection(connection.id);
  const answering = answer.isPending ? answer.variables : undefined;
  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
        {t(variant.asks, { source: connection.source })}
      </Typography>
      <Typography color="text.secondary">{t('developer.connectCli.explain')}</Typography>
      <Typography variant="body2">
        {t('developer.connectCli.expires', { time: formatUnixTime(connection.expires_at, i18n.language) })}
      </Typography>
      {!canApprove && <Alert severity="info">{t('developer.connectCli.developerOnly')}</Alert>}
      {answer.isError && (
        <Alert severity="error">
          {t('developer.connectCli.answerFailed', { error: answer.error.message })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          color="inherit"
          disabled={answer.isPending}
          loading={answering === 'deny'}
          onClick={() => answer.mutate('deny')}
        >
          {t('developer.connectCli.deny')}
        </Button>
        <Button
          variant="contained"
          disabled={!canApprove || answer.isPending}
          loading={answering === 'approve'}
          onClick={() => answer.mutate('approve')}
        >
          {t('developer.connectCli.approve')}
        </Button>
      </Stack>
    </Stack>
  );
}

function ConnectionRequest({
  id,
  connection,
  canApprove,
  variant,
}: {
  id: string;
  connection: ReturnType<typeof useCliConnection>;
  canApprove: boolean;
  variant: Variant;
}) {
  const { t } = useTranslation();

  if (id === '' || (connection.isError && isUnknownConnection(connection.error)))
    return (
      <StatusOutcome
        icon={<SearchOffIcon />}
        title={t('developer.connectCli.notFound')}
        hint={t(variant.notFoundHint)}
      />
    );
  if (connection.isError)
    return (
      <StatusOutcome
        icon={<ErrorOutlineIcon />}
        title={t('developer.connectCli.loadFailed')}
        hint={connection.error.message}
      >
        <Button variant="outlined" onClick={() => void connection.refetch()}>
          {t('developer.retry')}
        </Button>
      </StatusOutcome>
    );
  if (connection.isPending) return <RequestSkeleton label={t('developer.connectCli.loading')} />;

  switch (connection.data.status) {
    case 'pending':
      return <PendingRequest connection={connection.data} canApprove={canApprove} variant={variant} />;
    case 'approved':
      return <StatusOutcome icon={<CheckCircleOutlineIcon color="success" />} title={t(variant.approved)} />;
    case 'denied':
      return (
        <StatusOutcome
          icon={<BlockIcon />}
          title={t('developer.connectCli.denied')}
          hint={t(variant.deniedHint)}
        />
      );
    case 'redeemed':
      return (
        <StatusOutcome
          icon={<CheckCircleOutlineIcon />}
          title={t('developer.connectCli.redeemed')}
          hint={t(variant.redeemedHint)}
        />
      );
    case 'expired':
      return (
        <StatusOutcome
          icon={<HistoryToggleOffIcon />}
          title={t('developer.connectCli.expired')}
          hint={t(variant.expiredHint)}
        />
      );
  }
}

/**
 * `/connect-cli?id=…` (seed 001, docs/identity.md §4): where `kiosk login` sends its developer to
 * approve the connection it opened; `/connect-studio?id=…` (client `studio`) is the same page for an
 * editor. Public, so that a visitor not signed in is told why to sign in rather than bounced;
 * approving needs the developer role, denying only a session.
 */
export function ConnectCliPage({ client = 'cli' }: { client?: CliConnectionClient }) {
  useScreenMessages(developerMessages);
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id')?.trim() ?? '';
  const session = useSession();
  const user = session.data?.user;
  const connection = useCliConnection(id, Boolean(user));
  // A connection opened at the other page is the same approval: it is shown as what it is.
  const variant = VARIANTS[connection.data?.client ?? client];

  let body: ReactNode;
  if (session.isPending) body = <RequestSkeleton label={t('developer.connectCli.loading')} />;
  else if (!session.data && session.isError)
    body = (
      <StatusOutcome
        icon={<ErrorOutlineIcon />}
        title={t('developer.connectCli.loadFailed')}
        hint={session.error.message}
      >
        <Button variant="outlined" onClick={() => void session.refetch()}>
          {t('developer.retry')}
        </Button>
      </StatusOutcome>
    );
  else if (!user)
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t(variant.signInNeeded)}</Typography>
        <SignInButton />
      </Stack>
    );
  else
    body = (
      <ConnectionRequest
        key={id}
        id={id}
        connection={connection}
        canApprove={hasAnyRole(user, DEVELOPER_ROLES)}
        variant={variant}
      />
    );

  return (
    <TaskPage icon={variant.icon} title={t(variant.title)} description={t(variant.description)}>
      {body}
    </TaskPage>
  );
}
