import type { ReactNode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { matchLocale, type Locale } from '@kiosk/core';
import { createKioskClient, type KioskClient } from '@kiosk/sdk';
import { createKioskI18n } from '../i18n/both-languages.ts';
import { KioskProvider } from '../provider/KioskProvider.tsx';
import { refreshableAuthToken } from './refreshable-auth-token.ts';

export interface CheckoutConnectionOptions {
  /** Kiosk's address; by default the origin this script was loaded from. */
  baseUrl?: string;
  /**
   * The buyer, named by the host's back end (`POST /api/auth-tokens` with its secret key, docs/
   * identity.md §4). A page on another origin cannot use Kiosk's sign-in cookie. Without one the
   * visitor is nobody, which is all a donation needs.
   */
  authToken?: string;
  /**
   * Kiosk refused the authToken (it lapses after 15 minutes): fetch a fresh one from your back end and
   * hand it to `setAuthToken`. The refused call waits for it (10 s at most) and is sent again.
   */
  onAuthTokenExpired?: () => void;
  /** `en` or `zh`; by default the page's language. */
  locale?: string;
  /**
   * Test mode (false) or live (true, the default) for calls that name no mode of their own; an
   * authToken names its mode, which wins.
   */
  livemode?: boolean;
}

/** What an embedded checkout talks to Kiosk with: made once, kept while the form lives. */
export interface CheckoutConnection {
  readonly client: KioskClient;
  readonly i18n: i18n;
  readonly queryClient: QueryClient;
  readonly locale: Locale;
  /** Every later call and realtime socket carries this token; the form keeps what the buyer entered. */
  setAuthToken(token: string): void;
}

export function createCheckoutConnection({
  baseUrl,
  authToken,
  onAuthTokenExpired,
  locale,
  livemode,
}: CheckoutConnectionOptions): CheckoutConnection {
  const language: Locale = matchLocale(locale ?? document.documentElement.lang ?? navigator.language) ?? 'en';
  const token = refreshableAuthToken({ authToken, onAuthTokenExpired });
  const client = createKioskClient({
    baseUrl: baseUrl ?? new URL(import.meta.url).origin,
    // Read on every call and when a socket opens: a token handed over later reaches them all.
    params: () => ({ locale: language, livemode, authToken: token.current() }),
    fetch: token.fetch,
  });
  return {
    client,
    i18n: createKioskI18n(language),
    queryClient: new QueryClient({ defaultOptions: { queries: { staleTime: 3_000, retry: 1 } } }),
    locale: language,
    setAuthToken: token.setAuthToken,
  };
}

export interface CheckoutConnectionProviderProps {
  connection: CheckoutConnection;
  children: ReactNode;
}

/**
 * Everything Kiosk's components need above them, for a host that renders them in its own React tree:
 * Kiosk's texts (its own i18next instance), its query cache and its client. The MUI theme is the
 * host's: put this inside the host's ThemeProvider.
 */
export function CheckoutConnectionProvider({ connection, children }: CheckoutConnectionProviderProps) {
  return (
    <I18nextProvider i18n={connection.i18n}>
      <QueryClientProvider client={connection.queryClient}>
        <KioskProvider client={connection.client}>{children}</KioskProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
