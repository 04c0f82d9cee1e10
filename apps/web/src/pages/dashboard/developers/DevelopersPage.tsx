import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardDevelopersMessages } from '@kiosk/core/i18n/dashboard-developers';
import { useScreenMessages } from '@kiosk/react';
import { PageHeader } from '@kiosk/react/ui';
import { ApiKeysSection } from '../../../components/profile/ApiKeysSection.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

const LINKS = [
  { to: '/dashboard/developers/webhooks', label: 'developers.webhooksLink', hint: 'developers.webhooksHint' },
  { to: '/dashboard/developers/events', label: 'developers.eventsLink', hint: 'developers.eventsHint' },
  {
    to: '/dashboard/developers/test-clocks',
    label: 'developers.testClocksLink',
    hint: 'developers.testClocksHint',
  },
] as const;

/**
 * `/dashboard/developers`: where a merchant's back end is connected: webhooks, the events log, test
 * clocks, and the API keys (the profile's own section, the same list and dialogs).
 */
export function DevelopersPage() {
  useScreenMessages(dashboardDevelopersMessages);
  const { t } = useTranslation();
  const titleId = useId();
  const title = t('developers.title');
  useDocumentTitle(title);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ mb: 3 }}>
        <PageHeader title={title} titleId={titleId} description={t('developers.description')} />
      </Box>
      <Stack
        component="nav"
        aria-labelledby={titleId}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 5 }}
      >
        {LINKS.map((link) => (
          <Card key={link.to} variant="outlined" sx={{ flex: 1 }}>
            <CardActionArea component={RouterLink} to={link.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="span" sx={{ display: 'block' }}>
                  {t(link.label)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(link.hint)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('developers.apiKeysHint')}
      </Typography>
      <ApiKeysSection />
    </Container>
  );
}
