import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader.tsx';
import { PageFrame } from './PageFrame.tsx';

export interface AppShellProps {
  /** Header without the store navigation, for pages a buyer reaches from elsewhere (checkout). */
  minimal?: boolean;
}

export function AppShell({ minimal = false }: AppShellProps) {
  return (
    <PageFrame header={<AppHeader minimal={minimal} />}>
      <Outlet />
    </PageFrame>
  );
}
