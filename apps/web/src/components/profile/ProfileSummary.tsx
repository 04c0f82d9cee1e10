import { useTranslation } from 'react-i18next';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '../../hooks/use-session.ts';
import { useSignOut } from '../../hooks/use-sign-out.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { CopyButton, DidAvatar } from '@kiosk/react/ui';
import { RoleChips } from './RoleChips.tsx';

export interface ProfileSummaryProps {
  user: SessionUser;
}

/** Who the user is: picture, name, DID and roles, with the way out. */
export function ProfileSummary({ user }: ProfileSummaryProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="profile-identity-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <DidAvatar user={user} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id="profile-identity-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {user.name || t('profile.unnamed')}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
              columnGap: 2,
              rowGap: 1,
            }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('profile.did')}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
              <Typography
                component="code"
                variant="body2"
                sx={{ fontFamily: MONOSPACE_FONT, wordBreak: 'break-all' }}
              >
                {user.did}
              </Typography>
              <CopyButton value={user.did} label={t('profile.copyDid')} />
            </Box>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('profile.roles')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <RoleChips user={user} />
            </Box>
          </Box>
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => signOut.mutate()}
          loading={signOut.isPending}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, flexShrink: 0 }}
        >
          {t('auth.signOut')}
        </Button>
      </Stack>
      {signOut.isError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
          {signOut.error.message}
        </Typography>
      )}
    </Paper>
  );
}
