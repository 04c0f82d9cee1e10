import { developerAppsMessages } from '@kiosk/core/i18n/developer-apps';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { type DataTableColumn, useScreenMessages } from '@kiosk/react';
import { ListPage, actionsColumn, listStateOf, useListParams } from '@kiosk/react/ui';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeveloperApp } from '@kiosk/contracts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { ReviewStatusChip } from '../console/ReviewStatusChip.tsx';
import { formatCount } from '../store/store-format.ts';
import { AppPanel } from './AppPanel.tsx';
import { useDeveloperAppList } from './use-developer-apps.ts';

/** The open app's panel lives in the address, so a reload or a shared link opens it again. */
const APP_PARAM = 'app';

/**
 * `/developer/apps` (issue 12 item 7, seed 001 §2–§4): the developer's apps with their latest
 * version's review status; each opens a panel with its details, versions and review threads.
 */
export function DeveloperAppsPage() {
  useScreenMessages(developerAppsMessages);
  const { t, i18n } = useTranslation();
  const address = useSearchParams();
  const [searchParams, setSearchParams] = address;
  const list = useListParams(address);
  const apps = useDeveloperAppList(list.page, list.pageSize);
  const title = t('page.screen.developerApps');
  useDocumentTitle(title);
  const openDid = searchParams.get(APP_PARAM);

  const openApp = (did: string) =>
    setSearchParams((params) => {
      params.set(APP_PARAM, did);
      return params;
    });
  const closeApp = () =>
    setSearchParams((params) => {
      params.delete(APP_PARAM);
      return params;
    });

  const columns: DataTableColumn<DeveloperApp>[] = [
    {
      key: 'title',
      label: t('developerApps.app'),
      render: (app) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {app.title || app.name}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="code"
            sx={{ fontFamily: MONOSPACE_FONT }}
          >
            {app.name}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'latest_version',
      label: t('developerApps.latestVersion'),
      render: (app) => app.latest_version ?? t('developerApps.none'),
    },
    {
      key: 'latest_status',
      label: t('developerApps.status'),
      render: (app) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {app.latest_status ? <ReviewStatusChip status={app.latest_status} /> : t('developerApps.none')}
          {app.blocked && (
            <Box>
              <Chip size="small" color="error" label={t('developerApps.blocked')} />
              <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
                {app.block_reason
                  ? t('developerApps.blockedReason', { reason: app.block_reason })
                  : t('developerApps.blockedNoReason')}
              </Typography>
            </Box>
          )}
        </Stack>
      ),
    },
    {
      key: 'visibility',
      label: t('developerApps.visibility'),
      render: (app) => t(`developerApps.visibility.${app.visibility}`),
    },
    {
      key: 'downloads',
      label: t('developerApps.downloads'),
      align: 'right',
      render: (app) => formatCount(app.downloads, i18n.language),
    },
    actionsColumn(t('developerApps.actions'), (app) => [
      {
        label: t('developerApps.manage'),
        ariaLabel: t('developerApps.manageNamed', { title: app.title || app.name }),
        onClick: () => openApp(app.did),
      },
    ]),
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('developerApps.description')}
        params={list}
        columns={columns}
        getRowKey={(app) => app.did}
        emptyText={<FirstVersionHint />}
        {...listStateOf(apps)}
      />
      {openDid && <AppPanel did={openDid} onClose={closeApp} />}
    </Container>
  );
}

/**
 * The empty list's text: how the first version gets here. Inline elements only, as the table's
 * notice is a paragraph.
 */
function FirstVersionHint() {
  const { t } = useTranslation();
  const command = (key: string) => (
    <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
      {t(key)}
    </Box>
  );
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="span" sx={{ display: 'block', mb: 1 }}>
        {t('developerApps.empty')}
      </Box>
      <Box component="span" sx={{ display: 'block', fontFamily: MONOSPACE_FONT, fontSize: '0.875rem' }}>
        {command('developerApps.emptyKeygen')}
        {command('developerApps.emptyLogin')}
        {command('developerApps.emptyPublish')}
      </Box>
      <Box component="span" sx={{ display: 'block', mt: 2 }}>
        {t('developerApps.emptyTokens')}{' '}
        <Link component={RouterLink} to="/developer/access-tokens">
          {t('developerApps.emptyTokensLink')}
        </Link>
      </Box>
    </Box>
  );
}
