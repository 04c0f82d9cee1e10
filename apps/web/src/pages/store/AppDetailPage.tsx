import { storeFrontMessages } from '@kiosk/core/i18n/store-front';
import { useScreenMessages } from '@kiosk/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { AppDetail, AppVersion } from '@kiosk/contracts';
import { ApiError } from '@kiosk/sdk';
import DownloadIcon from '@mui/icons-material/Download';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { AppAvatar } from './AppAvatar.tsx';
import { AppFacts } from './AppFacts.tsx';
import { AppVersionList } from './AppVersionList.tsx';
import { AppDonation } from './donation/AppDonation.tsx';
import { AppFeedbackSection } from './feedback/AppFeedbackSection.tsx';
import { AppPurchase } from './purchase/AppPurchase.tsx';
import { LaunchButton } from './purchase/LaunchButton.tsx';
import { formatBytes } from './store-format.ts';
import { useStoreApp } from './use-store-apps.ts';

const TITLE_ID = 'app-detail-title';
const DESCRIPTION_ID = 'app-detail-description';

/**
 * The version a `/apps/:did/:version` address asks for when the app lists it, else the published
 * one (else the first listed: a developer looking at an app not published yet).
 */
export function shownVersion(app: AppDetail, asked: string | undefined): AppVersion | undefined {
  return (
    (asked ? app.versions.find((entry) => entry.version === asked) : undefined) ??
    app.versions.find((entry) => entry.version === app.version) ??
    app.versions[0]
  );
}

function DetailSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={3} role="status" aria-busy="true" aria-label={label}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Skeleton variant="rounded" width={72} height={72} />
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" sx={{ fontSize: '2rem', maxWidth: 320 }} />
          <Skeleton variant="text" sx={{ maxWidth: 200 }} />
        </Box>
      </Stack>
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}

/** The page's own 404: the DID names no app this visitor may see. */
function AppNotFound() {
  const { t } = useTranslation();
  const title = t('storeFront.detail.notFound');
  useDocumentTitle(title);
  return (
    <Box sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <SearchOffIcon aria-hidden="true" sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography component="h1" variant="h5" sx={{ mt: 2, mb: 1, fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('storeFront.detail.notFoundHint')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('storeFront.detail.backHome')}
      </Button>
    </Box>
  );
}

function AppDetailView({ app, asked }: { app: AppDetail; asked: string | undefined }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(app.title);
  const shown = shownVersion(app, asked);

  return (
    <Stack spacing={3}>
      <Breadcrumbs aria-label={t('storeFront.breadcrumbs')}>
        <Link component={RouterLink} to="/" underline="hover" color="inherit">
          {t('storeFront.home.title')}
        </Link>
        <Typography color="text.primary" noWrap sx={{ maxWidth: '60vw' }}>
          {app.title}
        </Typography>
      </Breadcrumbs>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          <AppAvatar name={app.name} title={app.title} size={72} />
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id={TITLE_ID}
              component="h1"
              variant="h4"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {app.title}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {app.name}
            </Typography>
          </Box>
        </Stack>
        {shown && (
          <AppPurchase
            did={app.did}
            title={app.title}
            download={
              <Stack spacing={0.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, flexShrink: 0 }}>
                <Button
                  component="a"
                  href={shown.download_url}
                  download
                  variant="contained"
                  size="large"
                  startIcon={<DownloadIcon />}
                >
                  {t('storeFront.detail.download', { version: shown.version })}
                </Button>
                {/* Unknown (uploaded before the store recorded it) is offered: the launch finds out. */}
                {shown.launchable !== false && <LaunchButton did={app.did} title={app.title} />}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ textAlign: { xs: 'center', sm: 'right' } }}
                >
                  {t('storeFront.detail.downloadSize', { size: formatBytes(shown.size, i18n.language) })}
                </Typography>
              </Stack>
            }
          />
        )}
      </Stack>

      {asked && shown && shown.version !== asked && (
        <Alert severity="info">
          {t('storeFront.detail.versionMissing', { version: asked, shown: shown.version })}
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={4} sx={{ minWidth: 0 }}>
          <Box component="section" aria-labelledby={DESCRIPTION_ID}>
            <Typography id={DESCRIPTION_ID} component="h2" variant="h6" sx={{ mb: 1, fontWeight: 600 }}>
              {t('storeFront.detail.description')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {app.description}
            </Typography>
          </Box>

          {app.version !== null && <AppDonation did={app.did} title={app.title} />}
          <AppVersionList app={app} shown={shown} />
          {app.version !== null && <AppFeedbackSection did={app.did} />}
        </Stack>

        <AppFacts app={app} />
      </Box>
    </Stack>
  );
}

/** `/apps/:did/:version?` and `/app/:did` (seed 001 §2): one app, its versions and its download. */
export function AppDetailPage() {
  useScreenMessages(storeFrontMessages);
  const { t } = useTranslation();
  const { did = '', version } = useParams<{ did: string; version?: string }>();
  const app = useStoreApp(did);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box component="section" aria-labelledby={app.data ? TITLE_ID : undefined}>
        {app.data ? (
          <AppDetailView app={app.data} asked={version} />
        ) : app.error instanceof ApiError && app.error.status === 404 ? (
          <AppNotFound />
        ) : app.error ? (
          <>
            <Typography component="h1" variant="h5" sx={{ mb: 2, fontWeight: 700 }}>
              {t('page.screen.appDetail')}
            </Typography>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void app.refetch()}>
                  {t('storeFront.retry')}
                </Button>
              }
            >
              {t('storeFront.detail.loadFailed')} {app.error.message}
            </Alert>
          </>
        ) : (
          <DetailSkeleton label={t('storeFront.detail.loading')} />
        )}
      </Box>
    </Container>
  );
}
