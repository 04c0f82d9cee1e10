import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useSession } from '../../hooks/use-session.ts';
import { hasAnyRole } from '../../lib/roles.ts';
import { NAV_LINKS } from './nav-links.ts';

/** The main navigation: links in a row from `md` up, behind a menu button below it. */
export function MainNav() {
  const { t } = useTranslation();
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setMenuAnchor(null);
  const user = useSession().data?.user;
  const links = NAV_LINKS.filter((link) => !link.roles || (user && hasAnyRole(user, link.roles)));

  return (
    <Box component="nav" aria-label={t('shell.nav.label')} sx={{ display: 'flex', alignItems: 'center' }}>
      <IconButton
        color="inherit"
        aria-label={t('shell.nav.openMenu')}
        aria-haspopup="true"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? 'true' : 'false'}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={closeMenu}>
        {links.map((link) => (
          <MenuItem
            key={link.to}
            component={NavLink}
            to={link.to}
            end={link.end}
            onClick={closeMenu}
            sx={{ minWidth: 200, '&.active': { color: 'primary.main', fontWeight: 600 } }}
          >
            {t(link.labelKey)}
          </MenuItem>
        ))}
      </Menu>
      <Box
        component="ul"
        sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, listStyle: 'none', m: 0, p: 0 }}
      >
        {links.map((link) => (
          <li key={link.to}>
            <Button
              component={NavLink}
              to={link.to}
              end={link.end}
              color="inherit"
              sx={{
                color: 'text.secondary',
                '&.active': { color: 'primary.main', bgcolor: 'action.selected' },
              }}
            >
              {t(link.labelKey)}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
