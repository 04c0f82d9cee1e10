import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LivemodeSwitch } from '../../components/layout/LivemodeSwitch.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLivemode } from '../../hooks/use-livemode.ts';
import { PaymentsTable } from './PaymentsTable.tsx';

const TITLE_ID = 'dashboard-payments-title';

/**
 * The merchant's payments (payment intents) of the current mode. Intents, not checkout sessions: a
 * merchant first asks "who paid me what", and an intent is one attempt to collect money, from a
 * checkout or an invoice; a session list would bury it among carts opened and left.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const livemode = useLivemode();
  const title = t('page.screen.payments');
  useDocumentTitle(title);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box component="section" aria-labelledby={TITLE_ID}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'flex-end' }, mb: 3 }}
        >
          <Box>
            <Typography id={TITLE_ID} component="h1" variant="h4" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.payments.description')}
            </Typography>
          </Box>
          <LivemodeSwitch />
        </Stack>
        <PaymentsTable key={String(livemode)} livemode={livemode} label={title} />
      </Box>
    </Container>
  );
}
