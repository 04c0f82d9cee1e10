import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { NavLinkItem } from './nav-links.ts';

export interface MainNavMenuProps {
  id: string;
  links: NavLinkItem[];
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The navigation's menu on small screens, loaded on its first use (see MainNav). */
export function MainNavMenu({ id, links, anchor, onClose }: MainNavMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {links.map((link) => (
        <MenuItem
          key={link.to}
          component={NavLink}
          to={link.to}
          end={link.end}
          onClick={onClose}
          sx={{ minWidth: 200, '&.active': { color: 'primary.main', fontWeight: 600 } }}
        >
          {t(link.labelKey)}
        </MenuItem>
      ))}
    </Menu>
  );
}
