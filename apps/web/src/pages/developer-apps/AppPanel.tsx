import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppDetail } from '@kiosk/contracts';
import { DialogFrame } from '@kiosk/react/ui';
import { MONOSPACE_FONT } from '../../theme.ts';
import { categoryLabel } from '../store/store-format.ts';
import { AnalyticsPanel } from '../../components/analytics/AnalyticsPanel.tsx';
import { EditAppDialog } from './EditAppDialog.tsx';
import { PricingSection } from './pricing/PricingSection.tsx';
import { useAppAnalytics, useCategories, useDeveloperApp } from './use-developer-apps.ts';
import { VersionReview } from './VersionReview.tsx';

export interface AppPanelProps {
  did: string;
  onClose: () => void;
}

/** One app as its developer manages it: details to edit, and every version with its review. */
export function AppPanel({ did, onClose }: AppPanelProps) {
  const { t } = useTranslation();
  const app = useDeveloperApp(did);
  const [editing, setEditing] = useState(false);
  const heading = app.data ? app.data.title || app.data.name : t('developerApps.manage');

  return (
    <DialogFrame
      title={heading}
      onClose={onClose}
      size="md"
      fullScreenOnPhone
      closeLabel={t('developerApps.panelClose')}
    >
      <DialogContent dividers>
        {app.isPending ? (
          <Stack spacing={1} aria-busy="true">
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="rectangular" height={80} />
            <Skeleton variant="rectangular" height={120} />
          </Stack>
        ) : app.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void app.refetch()}>
                {t('developerApps.retry')}
              </Button>
            }
          >
            {t('developerApps.loadFailed', { error: app.error.message })}
          </Alert>
        ) : (
          <AppPanelContent app={app.data} onEdit={() => setEditing(true)} />
        )}
      </DialogContent>
      {editing && app.data && <EditAppDialog app={app.data} onClose={() => setEditing(false)} />}
    </DialogFrame>
  );
}

function AppPanelContent({ app, onEdit }: { app: AppDetail; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const analytics = useAppAnalytics(app.did);
  const category = app.category
    ? categoryLabel(
        categories.data?.list.find((entry) => entry.name === app.category) ?? {
          name: app.category,
          locales: {},
        },
        i18n.language,
      )
    : t('developerApps.noCategory');
  const visibility = app.visibility ?? 'public';

  return (
    <Stack spacing={3}>
      {app.blocked && (
        <Alert severity="error">
          <AlertTitle>{t('developerApps.blocked')}</AlertTitle>
          {t('developerApps.blockedNotice')}{' '}
          {app.block_reason
            ? t('developerApps.blockedReason', { reason: app.block_reason })
            : t('developerApps.blockedNoReason')}
        </Alert>
      )}
      <Box component="section" aria-labelledby="developer-app-details">
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
        >
          <Typography id="developer-app-details" component="h2" variant="h6">
            {t('developerApps.details')}
          </Typography>
          <Button variant="outlined" size="small" onClick={onEdit}>
            {t('developerApps.edit')}
          </Button>
        </Stack>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 25%) 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1 },
            '& dt': { color: 'text.secondary', typography: 'body2', mt: { xs: 1, sm: 0 } },
            '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
          }}
        >
          <dt>{t('developerApps.title')}</dt>
          <dd>{app.title}</dd>
          <dt>{t('developerApps.app')}</dt>
          <dd>
            <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
              {app.name}
            </Box>
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
              {app.did}
            </Box>
          </dd>
          <dt>{t('developerApps.appDescription')}</dt>
          <dd style={{ whiteSpace: 'pre-line' }}>{app.description}</dd>
          <dt>{t('developerApps.category')}</dt>
          <dd>{category}</dd>
          <dt>{t('developerApps.visibility')}</dt>
          <dd>{t(`developerApps.visibility.${visibility}`)}</dd>
          <dt>{t('developerApps.autoPublish')}</dt>
          <dd>{t(app.auto_publish ? 'developerApps.autoPublish.on' : 'developerApps.autoPublish.off')}</dd>
          <dt>{t('developerApps.donations')}</dt>
          <dd>
            {t(app.accepts_donations ? 'developerApps.autoPublish.on' : 'developerApps.autoPublish.off')}
          </dd>
        </Box>
      </Box>
      <PricingSection did={app.did} title={app.title || app.name} />
      <AnalyticsPanel id={`analytics-${app.did}`} titleKey="storeAnalytics.appTitle" analytics={analytics} />
      <Box component="section" aria-labelledby="developer-app-versions">
        <Typography id="developer-app-versions" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('developerApps.versions')}
        </Typography>
        {app.versions.length === 0 ? (
          <Typography color="text.secondary">{t('developerApps.noVersions')}</Typography>
        ) : (
          app.versions.map((version, index) => (
            <VersionReview
              key={version.id}
              app={app}
              version={version}
              // The newest version is the one a developer usually came for.
              defaultExpanded={index === 0}
            />
          ))
        )}
      </Box>
    </Stack>
  );
}
