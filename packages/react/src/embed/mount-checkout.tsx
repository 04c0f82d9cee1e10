import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { matchLocale, type Locale } from '@kiosk/core';
import { createKioskClient } from '@kiosk/sdk';
import { CheckoutForm, type CheckoutFormProps } from '../checkout/CheckoutForm.tsx';
import { createKioskI18n } from '../i18n/create-kiosk-i18n.ts';
import { KioskProvider } from '../provider/KioskProvider.tsx';

export interface MountCheckoutOptions extends Omit<CheckoutFormProps, 'onSessionStarted'> {
  /** Kiosk's address; by default the origin this script was loaded from. */
  baseUrl?: string;
  /**
   * The buyer, named by the host's back end (`POST /api/auth-tokens` with its secret key, docs/
   * identity.md §4). A page on another origin cannot use Kiosk's sign-in cookie.
   */
  authToken: string;
  /** `en` or `zh`; by default the page's language. */
  locale?: string;
  /** The host's brand colour for buttons and highlights. */
  primaryColor?: string;
}

export interface MountedCheckout {
  unmount(): void;
}

/**
 * Puts Kiosk's checkout into an element of a page on another origin (seed 000 §6: a base URL and an
 * auth token). It brings its own React, styles and texts, and leaves the host page's styles alone:
 * fonts are inherited, the baseline is scoped to the form.
 */
export function mountCheckout(element: Element, options: MountCheckoutOptions): MountedCheckout {
  const { baseUrl, authToken, locale, primaryColor, mode = 'inline', ...formProps } = options;
  const language: Locale = matchLocale(locale ?? document.documentElement.lang ?? navigator.language) ?? 'en';
  const i18n = createKioskI18n(language);
  const client = createKioskClient({
    baseUrl: baseUrl ?? new URL(import.meta.url).origin,
    params: () => ({ locale: language, authToken }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 3_000, retry: 1 } } });
  const theme = createTheme({
    palette: { primary: { main: primaryColor ?? '#4338ca' } },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'inherit', button: { textTransform: 'none', fontWeight: 600 } },
  });

  const root = createRoot(element);
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            <KioskProvider client={client}>
              <ScopedCssBaseline sx={{ bgcolor: 'transparent' }}>
                <CheckoutForm {...formProps} mode={mode} />
              </ScopedCssBaseline>
            </KioskProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  return { unmount: () => root.unmount() };
}
