import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { KioskProvider } from '@kiosk/react';
import type { KioskClient } from '@kiosk/sdk';
import { kioskClient } from './lib/api.ts';
import { theme as appTheme } from './theme.ts';

export interface AppProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
  /** The app's theme and API client, unless the page is drawn on the server (checkout-server.tsx). */
  theme?: Theme;
  client?: KioskClient;
}

/** What every page of the app renders inside, whichever entry it loads from (the store's or the checkout's). */
export function AppProviders({
  i18n,
  queryClient,
  children,
  theme = appTheme,
  client = kioskClient,
}: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <KioskProvider client={client}>{children}</KioskProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
