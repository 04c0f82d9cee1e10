import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiKeysSection } from '../components/profile/ApiKeysSection.tsx';
import { ProfileSummary } from '../components/profile/ProfileSummary.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useSession } from '../hooks/use-session.ts';
import { API_KEY_ROLES, hasAnyRole } from '../lib/roles.ts';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const user = session?.user;
  const title = t('page.screen.profile');
  useDocumentTitle(title);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        {title}
      </Typography>
      {user ? (
        <Stack spacing={4}>
          <ProfileSummary user={user} />
          {hasAnyRole(user, API_KEY_ROLES) && <ApiKeysSection />}
        </Stack>
      ) : (
        // ProtectedRoute renders this page only with a user; this covers the instant a refetch drops it.
        <Skeleton variant="rounded" height={120} />
      )}
    </Container>
  );
}
