import type { Role } from '@kiosk/core';
import { CONSOLE_ROLES, DEVELOPER_ROLES } from '../../lib/roles.ts';
import { MERCHANT_ROLES } from '../../pages/dashboard/merchant-roles.ts';

export interface NavLinkItem {
  to: string;
  labelKey: string;
  /** Only the exact path counts as current (the store root would otherwise match every page). */
  end?: boolean;
  /** Shown only to a user holding one of these roles; without it, to everyone. */
  roles?: readonly Role[];
  /** Shown only to those (signed in or not) who hold none of these roles. */
  lacking?: readonly Role[];
}

export const NAV_LINKS: NavLinkItem[] = [
  { to: '/', labelKey: 'shell.nav.store', end: true },
  // Each leads only those who may use it; the others are offered the way to become a developer.
  { to: '/developer/apps', labelKey: 'shell.nav.developer', roles: DEVELOPER_ROLES },
  { to: '/join', labelKey: 'shell.nav.join', lacking: DEVELOPER_ROLES },
  { to: '/console/apps', labelKey: 'shell.nav.console', roles: CONSOLE_ROLES },
  { to: '/dashboard/home', labelKey: 'shell.nav.dashboard', roles: MERCHANT_ROLES },
];
