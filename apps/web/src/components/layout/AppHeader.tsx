import { HeaderBar } from './HeaderBar.tsx';
import { MainNav } from './MainNav.tsx';

export interface AppHeaderProps {
  /** Leaves out the store navigation, e.g. on the hosted checkout page. */
  minimal?: boolean;
}

export function AppHeader({ minimal = false }: AppHeaderProps) {
  return <HeaderBar nav={!minimal && <MainNav />} />;
}
