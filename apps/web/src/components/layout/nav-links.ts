export interface NavLinkItem {
  to: string;
  labelKey: string;
  /** Only the exact path counts as current (the store root would otherwise match every page). */
  end?: boolean;
}

export const NAV_LINKS: NavLinkItem[] = [
  { to: '/', labelKey: 'shell.nav.store', end: true },
  { to: '/developer/apps', labelKey: 'shell.nav.developer' },
  { to: '/console/apps', labelKey: 'shell.nav.console' },
];
