import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useSession } from '../../hooks/use-session.ts';
import { hasAnyRole } from '../../lib/roles.ts';
import { NAV_LINKS } from './nav-links.ts';

// The small screens' menu (and MUI's popover code) loads when first opened; pointing at the button
// starts the download before the click.
const loadMainNavMenu = () => import('./MainNavMenu.tsx');
const MainNavMenu = lazy(() => loadMainNavMenu().then((module) => ({ default: module.MainNavMenu })));

/** The main navigation: links in a row from `md` up, behind a menu button below it. */
export function MainNav() {
  const { t } = useTranslation();
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
  const closeMenu = () => setMenuAnchor(null);
  const user = useSession().data?.user;
  const links = NAV_LINKS.filter(
    (link) =>
      (!link.roles || (user && hasAnyRole(user, link.roles))) &&
      !(link.lacking && user && hasAnyRole(user, link.lacking)),
  );

  return (
    <Box component="nav" aria-label={t('shell.nav.label')} sx={{ display: 'flex', alignItems: 'center' }}>
      <IconButton
        color="inherit"
        aria-label={t('shell.nav.openMenu')}
        aria-haspopup="true"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? 'true' : 'false'}
        onPointerEnter={() => void loadMainNavMenu()}
        onFocus={() => void loadMainNavMenu()}
        onClick={(event) => {
          setMenuWanted(true);
          setMenuAnchor(event.currentTarget);
        }}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      {menuWanted && (
        <Suspense fallback={null}>
          <MainNavMenu id={menuId} links={links} anchor={menuAnchor} onClose={closeMenu} />
        </Suspense>
      )}
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
