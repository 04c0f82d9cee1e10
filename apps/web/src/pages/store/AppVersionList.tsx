import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AppDetail, AppVersion } from '@kiosk/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { appPath, formatBytes, formatDate } from './store-format.ts';

const VERSIONS_ID = 'app-detail-versions';

interface VersionItemProps {
  app: AppDetail;
  entry: AppVersion;
  shown: boolean;
}

function VersionItem({ app, entry, shown }: VersionItemProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="li"
      aria-current={shown ? 'true' : undefined}
      sx={{
        p: 2,
        borderRadius: 1,
        border: 1,
        borderColor: shown ? 'primary.main' : 'divider',
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <Link
            component={RouterLink}
            to={appPath(app.did, entry.version)}
            underline="hover"
            aria-label={t('storeFront.detail.viewVersion', { version: entry.version })}
          >
            {entry.version}
          </Link>
        </Typography>
        {entry.version === app.version && (
          <Chip size="small" color="success" variant="outlined" label={t('storeFront.detail.current')} />
        )}
        {shown && <Chip size="small" color="primary" label={t('storeFront.detail.shown')} />}
        {entry.status !== 'published' && (
          <Chip size="small" variant="outlined" label={t(`store.review.status.${entry.status}`)} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {[
          entry.published_at !== null &&
            t('storeFront.detail.versionPublished', { date: formatDate(entry.published_at, i18n.language) }),
          t('storeFront.detail.size', { size: formatBytes(entry.size, i18n.language) }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography
        variant="body2"
        sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        color={entry.changelog ? 'text.primary' : 'text.secondary'}
      >
        {entry.changelog || t('storeFront.detail.noChangelog')}
      </Typography>
    </Box>
  );
}

/** The app page's list of versions, the one shown marked, each linking to its own address. */
export function AppVersionList({ app, shown }: { app: AppDetail; shown: AppVersion | undefined }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={VERSIONS_ID}>
      <Typography id={VERSIONS_ID} component="h2" variant="h6" sx={{ mb: 1, fontWeight: 600 }}>
        {t('storeFront.detail.versions')}
      </Typography>
      {app.versions.length === 0 ? (
        <Typography color="text.secondary">{t('storeFront.detail.versionsEmpty')}</Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          aria-labelledby={VERSIONS_ID}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {app.versions.map((entry) => (
            <VersionItem key={entry.id} app={app} entry={entry} shown={entry === shown} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
