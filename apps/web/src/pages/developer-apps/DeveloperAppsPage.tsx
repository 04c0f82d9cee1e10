import { developerAppsMessages } from '@kiosk/core/i18n/developer-apps';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, useScreenMessages } from '@kiosk/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeveloperApp } from '@kiosk/contracts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { formatCount } from '../store/store-format.ts';
import { AppPanel } from './AppPanel.tsx';
import { useDeveloperAppList } from './use-developer-apps.ts';
import { VersionStatusChip } from './VersionStatusChip.tsx';

const DEFAULT_PAGE_SIZE = 10;
const TITLE_ID = 'developer-apps-title';
/** The open app's panel lives in the address, so a reload or a shared link opens it again. */
const APP_PARAM = 'app';

/**
 * `/developer/apps` (issue 12 item 7, seed 001 §2–§4): the developer's apps with their latest
 * version's review status; each opens a panel with its details, versions and review threads.
 */
export function DeveloperAppsPage() {
  useScreenMessages(developerAppsMessages);
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [searchParams, setSearchParams] = useSearchParams();
  const apps = useDeveloperAppList(page, pageSize);
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
          {app.latest_status ? <VersionStatusChip status={app.latest_status} /> : t('developerApps.none')}
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
    {
      key: 'actions',
      label: t('developerApps.actions'),
      align: 'right',
      render: (app) => (
        <Button
          size="small"
          onClick={() => openApp(app.did)}
          aria-label={t('developerApps.manageNamed', { title: app.title || app.name })}
        >
          {t('developerApps.manage')}
        </Button>
      ),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box component="section" aria-labelledby={TITLE_ID}>
        <Box sx={{ mb: 3 }}>
          <Typography id={TITLE_ID} component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('developerApps.description')}
          </Typography>
        </Box>
        <DataTable
          label={title}
          columns={columns}
          rows={apps.data?.list ?? []}
          getRowKey={(app) => app.did}
          count={apps.data?.count ?? 0}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          loading={apps.isPending}
          emptyText={<FirstVersionHint />}
          error={apps.isError ? { message: apps.error.message, onRetry: () => void apps.refetch() } : null}
        />
      </Box>
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
