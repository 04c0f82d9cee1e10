import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '../../hooks/use-session.ts';
import { useSignOut } from '../../hooks/use-sign-out.ts';
import { hasAnyRole } from '../../lib/roles.ts';
import { shortAddress } from '../../lib/short-address.ts';
import { MERCHANT_ROLES } from '../../pages/dashboard/merchant-roles.ts';
import { LivemodeMenuItem } from '../layout/LivemodeMenuItem.tsx';
import { UserAvatar } from './UserAvatar.tsx';

const HEADER_AVATAR_SIZE = 32;

export interface AccountMenuProps {
  user: SessionUser;
}

export function AccountMenu({ user }: AccountMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const signOut = useSignOut();
  const displayName = user.name || shortAddress(user.address);
  const closeMenu = () => setMenuAnchor(null);

  return (
    <>
      <IconButton
        aria-label={t('auth.accountMenu', { name: displayName })}
        aria-haspopup="true"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? 'true' : 'false'}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={HEADER_AVATAR_SIZE} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={Boolean(menuAnchor)}
        onClose={closeMenu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('auth.accountMenuLabel') } }}
      >
        {/* Who is signed in; not an action, so screen readers skip it as a menu item. */}
        <Typography
          component="li"
          role="presentation"
          variant="body2"
          sx={{
            px: 2,
            py: 1,
            maxWidth: 260,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          <strong>{displayName}</strong>
        </Typography>
        <Divider component="li" role="presentation" />
        <MenuItem component={RouterLink} to="/profile" onClick={closeMenu}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('auth.profile')}
        </MenuItem>
        {/* Only merchants switch modes; a buyer's checkout takes its mode from the session it pays. */}
        {hasAnyRole(user, MERCHANT_ROLES) && <LivemodeMenuItem />}
        <MenuItem onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('auth.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
