import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { SessionUser } from '../../hooks/use-session.ts';
import { rolesOf } from '../../lib/roles.ts';

export interface RoleChipsProps {
  user: Pick<SessionUser, 'passports'>;
}

/** The user's passports, one chip per role. */
export function RoleChips({ user }: RoleChipsProps) {
  const { t } = useTranslation();
  const roles = rolesOf(user);
  return (
    <Stack
      component="ul"
      aria-label={t('profile.roles')}
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
    >
      {roles.map((role) => (
        <li key={role}>
          <Chip
            label={t(`role.${role}`)}
            size="small"
            color={
              role === 'owner' || role === 'admin'
                ? 'primary'
                : role === 'developer'
                  ? 'secondary'
                  : 'default'
            }
            variant={role === 'member' ? 'outlined' : 'filled'}
          />
        </li>
      ))}
    </Stack>
  );
}
