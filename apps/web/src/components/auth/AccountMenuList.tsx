import { useTranslation } from 'react-i18next';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '../../hooks/use-session.ts';
import { useSignOut } from '../../hooks/use-sign-out.ts';
import { hasAnyRole } from '../../lib/roles.ts';
import { MERCHANT_ROLES } from '../../pages/dashboard/merchant-roles.ts';
import { LivemodeMenuItem } from '../layout/LivemodeMenuItem.tsx';
import { usePageLink } from '../layout/page-link.tsx';

export interface AccountMenuListProps {
  id: string;
  user: SessionUser;
  displayName: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The account menu's list, loaded on its first use (see AccountMenu). */
export function AccountMenuList({ id, user, displayName, anchor, onClose }: AccountMenuListProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const PageLink = usePageLink();

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
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
      <MenuItem component={PageLink} to="/profile" onClick={onClose}>
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        {t('auth.profile')}
      </MenuItem>
      <MenuItem component={PageLink} to="/customer" onClick={onClose}>
        <ListItemIcon>
          <ReceiptLongIcon fontSize="small" />
        </ListItemIcon>
        {t('portal.title')}
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
  );
}
