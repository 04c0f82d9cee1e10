import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import { consoleMessages } from '@kiosk/core/i18n/console';
import { useScreenMessages } from '@kiosk/react';
import { PageHeader } from '@kiosk/react/ui';
import { AnalyticsPanel } from '../../components/analytics/AnalyticsPanel.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { kioskClient } from '../../lib/api.ts';
import { ConsoleNav } from './ConsoleNav.tsx';

/** The admins' view of the whole store's last 30 days (issue 24 item 6); earnings are the store's share. */
export function StoreAnalyticsPage() {
  useScreenMessages(consoleMessages);
  const { t } = useTranslation();
  const title = t('page.screen.consoleAnalytics');
  useDocumentTitle(title);
  const analytics = useQuery({
    queryKey: ['console', 'analytics'],
    queryFn: ({ signal }) => kioskClient.call('GET /api/console/analytics', { signal }),
  });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ConsoleNav />
      <PageHeader
        title={title}
        titleId="store-analytics-heading"
        description={t('console.analytics.description')}
      />
      <AnalyticsPanel id="store-analytics" titleKey="storeAnalytics.storeTitle" analytics={analytics} />
    </Container>
  );
}
