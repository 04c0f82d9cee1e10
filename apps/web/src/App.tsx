import type { i18n as I18n } from 'i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './AppProviders.tsx';

export interface AppProps {
  i18n: I18n;
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ i18n, queryClient, router }: AppProps) {
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
