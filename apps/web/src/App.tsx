import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { KioskProvider } from '@kiosk/react';
import { kioskClient } from './lib/api.ts';
import { theme } from './theme.ts';

export interface AppProps {
  i18n: I18n;
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ i18n, queryClient, router }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <KioskProvider client={kioskClient}>
            <RouterProvider router={router} />
          </KioskProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
