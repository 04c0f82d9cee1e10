import type { ReactNode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createKioskClient } from '@kiosk/sdk';
import { createKioskI18n } from '../i18n/both-languages.ts';
import { KioskProvider, type KioskContextValue } from '../provider/KioskProvider.tsx';

/** Renders Kiosk components as a host app would: i18n, a query client and a KioskProvider (same origin). */
export function renderKiosk(
  ui: ReactNode,
  options: { locale?: 'en' | 'zh'; signIn?: KioskContextValue['signIn']; authToken?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const i18n = createKioskI18n(options.locale ?? 'en');
  const client = createKioskClient({
    params: () => ({ locale: i18n.language, authToken: options.authToken }),
  });
  // A wrapper, so that a rerender keeps the providers.
  const view = render(ui, {
    wrapper: ({ children }) => (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <KioskProvider client={client} signIn={options.signIn}>
            {children}
          </KioskProvider>
        </QueryClientProvider>
      </I18nextProvider>
    ),
  });
  return { ...view, queryClient, i18n };
}

/** A button once it can be pressed, e.g. the checkout's pay button, which waits for the currencies. */
export async function enabledButton(name: string | RegExp): Promise<HTMLButtonElement> {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

/** After each test: unmount, real timers and globals again, empty storage (preferences, cached settings). */
export function cleanUpKiosk(): void {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
}
