import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { App } from '@kiosk/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AppAvatar } from './AppAvatar.tsx';
import { appPath, formatCount } from './store-format.ts';

export interface AppCardProps {
  app: App;
  /** The card's title level under the screen's headings. */
  headingLevel: 'h2' | 'h3';
}

/** One app in a grid: the whole card links to its detail page; its title names the link. */
export function AppCard({ app, headingLevel }: AppCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="li" sx={{ display: 'flex', minWidth: 0 }}>
      <Card variant="outlined" sx={{ flex: 1, display: 'flex' }}>
        <CardActionArea
          component={RouterLink}
          to={appPath(app.did)}
          aria-label={app.title}
          sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1.5 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <AppAvatar name={app.name} title={app.title} />
            <Box sx={{ minWidth: 0 }}>
              <Typography component={headingLevel} variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
                {app.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {app.name}
              </Typography>
            </Box>
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              flex: 1,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {app.description}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: 'center', color: 'text.secondary' }}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <DownloadIcon fontSize="small" aria-hidden="true" />
              <Typography variant="caption">
                {t('storeFront.card.downloads', {
                  count: app.downloads,
                  formatted: formatCount(app.downloads, i18n.language),
                })}
              </Typography>
            </Stack>
            {app.version && (
              <Typography variant="caption">
                {t('storeFront.card.version', { version: app.version })}
              </Typography>
            )}
          </Stack>
        </CardActionArea>
      </Card>
    </Box>
  );
}
