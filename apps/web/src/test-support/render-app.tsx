import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { KioskProvider } from '@kiosk/react';
import { createKioskI18n } from '@kiosk/react/i18n';
import { kioskClient } from '../lib/api.ts';

function createTestQueryClient(): QueryClient {
  // No retries: a failing answer should show its error state at once, not after backoff.
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithProviders(ui: ReactNode, i18n: I18n = createKioskI18n('en')) {
  const queryClient = createTestQueryClient();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <KioskProvider client={kioskClient}>{ui}</KioskProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, queryClient };
}

export function renderRoutesAt(path: string, routes: RouteObject[], i18n?: I18n) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { ...renderWithProviders(<RouterProvider router={router} />, i18n), router };
}
