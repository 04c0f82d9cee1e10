import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@kiosk/contracts';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { mockDevelopersApi } from './developers-fixtures.ts';

const SHOP_KEY: ApiKey = {
  id: 'key_1',
  name: 'Shop back end',
  livemode: false,
  prefix: 'sk_test_abcd',
  created_at: 1_764_316_800,
  last_used_at: null,
};

async function heading() {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent;
}

beforeEach(() => vi.stubGlobal('scrollTo', () => {}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DevelopersPage', { timeout: 20_000 }, () => {
  it('links webhooks and events, and shows the API keys with their own section', async () => {
    mockDevelopersApi({
      'GET /api/api-keys': () => ({ list: [SHOP_KEY], count: 1 }),
    });
    const { router } = renderRoutesAt('/dashboard/developers', routes);
    expect(await heading()).toBe('Developers');
    const nav = screen.getByRole('navigation', { name: 'Developers' });
    expect(
      within(nav)
        .getByRole('link', { name: /Webhooks/ })
        .getAttribute('href'),
    ).toBe('/dashboard/developers/webhooks');
    expect(
      within(nav)
        .getByRole('link', { name: /Events/ })
        .getAttribute('href'),
    ).toBe('/dashboard/developers/events');
    expect(await screen.findByText('Shop back end')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: /Webhooks/ }));
    expect(router.state.location.pathname).toBe('/dashboard/developers/webhooks');
  });
});
