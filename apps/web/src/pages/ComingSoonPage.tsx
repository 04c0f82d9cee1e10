import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

export interface ComingSoonPageProps {
  /** The i18n key of the screen's name, e.g. `page.screen.checkout`. */
  nameKey: string;
}

/** Holds the place of a screen a later release builds, so every route already leads somewhere honest. */
export function ComingSoonPage({ nameKey }: ComingSoonPageProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const name = t(nameKey);
  useDocumentTitle(name);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Box
        aria-hidden="true"
        sx={{
          mx: 'auto',
          mb: 3,
          width: 88,
          height: 88,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.selected',
          color: 'primary.main',
        }}
      >
        <ConstructionIcon sx={{ fontSize: 44 }} />
      </Box>
      {/* The screen's name is the page's h1 (it names the tab too); "Coming soon" is the visual title. */}
      <Typography
        component="h1"
        variant="overline"
        sx={{ display: 'block', color: 'primary.main', fontWeight: 700, letterSpacing: '0.12em' }}
      >
        {name}
      </Typography>
      <Typography component="h2" variant="h4" sx={{ mt: 0.5, mb: 1.5, fontWeight: 700 }}>
        {t('page.comingSoon.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('page.comingSoon.description')}
      </Typography>
      {pathname !== '/' && (
        <Button component={RouterLink} to="/" variant="outlined">
          {t('page.backHome')}
        </Button>
      )}
    </Container>
  );
}
