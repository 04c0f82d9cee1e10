import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pastDueHref } from './past-due-referer.ts';

/**
 * Issue 11 item 7: the portal's past-due banner says what is wrong and what to do, and leads to the
 * past-due page, which returns here once everything is paid.
 */
export function PastDueBanner({ livemode, message }: { livemode: boolean; message: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Alert severity="error" data-testid="past-due-banner">
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {message}
        </Typography>
        <Button
          component={RouterLink}
          to={pastDueHref(`${location.pathname}${location.search}`, livemode)}
          color="error"
          variant="contained"
          size="small"
        >
          {t('portal.pastDue.payNow')}
        </Button>
      </Stack>
    </Alert>
  );
}
