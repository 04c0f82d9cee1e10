import type { Role } from '@kiosk/core';
import { MERCHANT_ROLES } from '../../pages/dashboard/merchant-roles.ts';

export interface NavLinkItem {
  to: string;
  labelKey: string;
  /** Only the exact path counts as current (the store root would otherwise match every page). */
  end?: boolean;
  /** Shown only to a user holding one of these roles; without it, to everyone. */
  roles?: readonly Role[];
}

export const NAV_LINKS: NavLinkItem[] = [
  { to: '/', labelKey: 'shell.nav.store', end: true },
  { to: '/developer/apps', labelKey: 'shell.nav.developer' },
  { to: '/console/apps', labelKey: 'shell.nav.console' },
  { to: '/dashboard/payments', labelKey: 'shell.nav.dashboard', roles: MERCHANT_ROLES },
];
