import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3 }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          justifyContent: 'space-between',
          alignItems: { xs: 'flex-start', sm: 'center' },
        }}
      >
        <Typography variant="body2" color="text.secondary">
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {t('shell.brand')}
          </Box>
          {' · '}
          {t('shell.footer.tagline')}
        </Typography>
        {/* A plain link: the API docs are served by the server, outside this app's router. */}
        <Link href="/api/docs" variant="body2">
          {t('shell.footer.apiDocs')}
        </Link>
      </Container>
    </Box>
  );
}
