import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@kiosk/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

/** The statuses seed 001 §8 has a page message for. */
export type PageMessageStatus = 400 | 403 | 404 | 500;

export interface PageMessageProps {
  status: PageMessageStatus;
}

export function PageMessage({ status }: PageMessageProps) {
  const { t } = useTranslation();
  const message = t(`page.${status}`);
  useDocumentTitle(message);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography
        component="p"
        aria-hidden="true"
        sx={{
          fontSize: { xs: '5rem', md: '7rem' },
          fontWeight: 800,
          lineHeight: 1,
          letterSpacing: '-0.04em',
          color: 'primary.main',
          opacity: 0.85,
        }}
      >
        {status}
      </Typography>
      <Typography component="h1" variant="h5" sx={{ mt: 2, mb: 4 }}>
        {/* The big number is hidden from screen readers, so the heading carries it. */}
        <Box component="span" sx={visuallyHidden}>{`${status} `}</Box>
        {message}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {t('page.backHome')}
      </Button>
    </Container>
  );
}
