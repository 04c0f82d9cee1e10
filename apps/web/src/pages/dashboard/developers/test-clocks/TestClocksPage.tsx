import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TestClockObject } from '@kiosk/contracts';
import { testClocksMessages } from '@kiosk/core/i18n/test-clocks';
import { useScreenMessages, type DataTableColumn } from '@kiosk/react';
import {
  ConfirmDialog,
  ListPage,
  PageBackLink,
  PageHeader,
  actionsColumn,
  listStateOf,
  useListParams,
  type RowAction,
} from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { useLivemode, useSwitchLivemode } from '../../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../../../theme.ts';
import { TestClockDialog } from './TestClockDialog.tsx';
import { useTestClockChanges, useTestClocks } from './use-test-clocks.ts';

/** The route a test customer is put on a clock with: attaching is by API for now. */
const ATTACH_ROUTE = 'PUT /api/customers/{id}/test-clock';

/** The list and its changes exist in test mode only: live mode shows the notice instead. */
const TEST_MODE = false;

/** What names a clock to a person: its name, else its id (which the API's attach route takes). */
const clockLabel = (clock: TestClockObject) => clock.name ?? clock.id;

/**
 * `/dashboard/developers/test-clocks`: the test clocks of test mode (docs/test-clocks.md), made,
 * advanced and deleted here; a clock advancing shows it until its billing is done. Live mode has no
 * clocks, so it says so and asks nothing.
 */
export function TestClocksPage() {
  useScreenMessages(testClocksMessages);
  const { t } = useTranslation();
  const livemode = useLivemode();
  const title = t('testClocks.page.title');
  useDocumentTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageBackLink
        back={{ to: '/dashboard/developers', label: t('testClocks.page.back') }}
        linkComponent={RouterLink}
      />
      {livemode ? <LiveModeNotice title={title} /> : <TestClockList title={title} />}
    </Container>
  );
}

function TestClockList({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const list = useListParams(useSearchParams());
  const clocks = useTestClocks(TEST_MODE, list.page, list.pageSize);
  const actions = useTestClockActions();

  const columns: DataTableColumn<TestClockObject>[] = [
    {
      key: 'name',
      label: t('testClocks.page.name'),
      render: (clock) => (
        <Stack component="span">
          {clock.name ?? (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('testClocks.page.unnamed')}
            </Typography>
          )}
          {/* The id is what PUT /api/customers/{id}/test-clock takes. */}
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ fontFamily: MONOSPACE_FONT }}
          >
            {clock.id}
          </Typography>
        </Stack>
      ),
    },
    {
      key: 'frozen_time',
      label: t('testClocks.page.time'),
      render: (clock) => formatUnixTime(clock.frozen_time, i18n.language),
    },
    {
      key: 'status',
      label: t('testClocks.page.status'),
      render: (clock) => <ClockStatus status={clock.status} />,
    },
    {
      key: 'created',
      label: t('testClocks.page.created'),
      render: (clock) => formatUnixTime(clock.created, i18n.language),
    },
    actionsColumn(t('testClocks.page.actions'), actions.actionsFor),
  ];

  const newClock = (variant: 'contained' | 'outlined') => (
    <Button
      variant={variant}
      size={variant === 'outlined' ? 'small' : undefined}
      startIcon={<AddIcon />}
      onClick={actions.openNew}
    >
      {t('testClocks.page.new')}
    </Button>
  );

  return (
    <ListPage
      title={title}
      description={t('testClocks.page.description', { route: ATTACH_ROUTE })}
      actions={newClock('contained')}
      params={list}
      columns={columns}
      getRowKey={(clock) => clock.id}
      emptyText={
        // Spans only: the table shows its empty text inside a paragraph.
        <Stack component="span" spacing={1} sx={{ alignItems: 'center', maxWidth: 560, mx: 'auto' }}>
          <span>{t('testClocks.page.emptyTitle')}</span>
          <span>{t('testClocks.page.emptyText')}</span>
          {newClock('outlined')}
        </Stack>
      }
      {...listStateOf(clocks)}
    >
      {actions.dialogs}
    </ListPage>
  );
}

/** Ready, advancing, or failed part way, which advancing again mends. */
function ClockStatus({ status }: { status: TestClockObject['status'] }) {
  const { t } = useTranslation();
  if (status === 'ready')
    return <Chip size="small" variant="outlined" color="success" label={t('testClocks.page.ready')} />;
  if (status === 'advancing')
    return <Chip size="small" variant="outlined" color="info" label={t('testClocks.page.advancing')} />;
  return (
    <Stack component="span" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color="error" label={t('testClocks.page.failed')} />
      <Typography component="span" variant="caption" color="error">
        {t('testClocks.page.failedHint')}
      </Typography>
    </Stack>
  );
}

type OpenDialog = { kind: 'new' } | { kind: 'advance' | 'delete'; clock: TestClockObject };

/** New, Advance and Delete, with their dialogs (the kit's): a clock advancing takes neither until ready. */
function useTestClockActions() {
  const { t } = useTranslation();
  const changes = useTestClockChanges(TEST_MODE);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);

  const actionsFor = (clock: TestClockObject): RowAction[] => {
    const name = clockLabel(clock);
    const advancing = clock.status === 'advancing';
    return [
      {
        label: t('testClocks.page.advance'),
        ariaLabel: t('testClocks.page.advanceNamed', { name }),
        disabled: advancing,
        onClick: () => setDialog({ kind: 'advance', clock }),
      },
      {
        label: t('testClocks.page.delete'),
        ariaLabel: t('testClocks.page.deleteNamed', { name }),
        color: 'error',
        disabled: advancing,
        onClick: () => setDialog({ kind: 'delete', clock }),
      },
    ];
  };

  let dialogs: ReactNode = null;
  if (dialog?.kind === 'new')
    dialogs = <TestClockDialog onSave={(clock) => changes.create.mutateAsync(clock)} onClose={close} />;
  else if (dialog?.kind === 'advance') {
    const { id } = dialog.clock;
    dialogs = (
      <TestClockDialog
        clock={dialog.clock}
        onSave={({ frozen_time }) => changes.advance.mutateAsync({ id, frozen_time })}
        onClose={close}
      />
    );
  } else if (dialog?.kind === 'delete')
    dialogs = (
      <ConfirmDialog
        title={t('testClocks.deleteDialog.title')}
        message={t('testClocks.deleteDialog.message', { name: clockLabel(dialog.clock) })}
        confirmLabel={t('testClocks.deleteDialog.confirm')}
        tone="danger"
        onConfirm={() => changes.remove.mutateAsync(dialog.clock.id)}
        onClose={close}
      />
    );

  return { openNew: () => setDialog({ kind: 'new' }), actionsFor, dialogs };
}

/** Live mode: the page's header and why it has no list, with the way to test mode. */
function LiveModeNotice({ title }: { title: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const switchLivemode = useSwitchLivemode();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Box sx={{ mb: 3 }}>
        <PageHeader
          title={title}
          titleId={titleId}
          description={t('testClocks.page.description', { route: ATTACH_ROUTE })}
        />
      </Box>
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => switchLivemode(false)}>
            {t('testClocks.page.switchToTest')}
          </Button>
        }
      >
        {t('testClocks.page.liveMode')}
      </Alert>
    </Box>
  );
}
