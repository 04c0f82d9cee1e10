import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { CliConnection } from '@kiosk/contracts';
import { mockApi, type ApiHandler } from '@kiosk/react/testing';
import { signedIn, userWithRoles } from './sessions.ts';

/**
 * The /connect-cli and /connect-studio pages' tests: a connection like `base`, the API that answers
 * it to a signed-in developer (handlers overridable), and the page loaded once before the tests.
 */
export function connectionPageFixtures(base: CliConnection) {
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 5_000 });
    // The route loads the page lazily; loaded once here, no test's first look waits for the transform.
    await import('../pages/developer/ConnectCliPage.tsx');
  });
  beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const connection = (overrides: Partial<CliConnection> = {}): CliConnection => ({ ...base, ...overrides });
  const api = (overrides: Record<string, ApiHandler> = {}) =>
    mockApi({
      'GET /api/session': () => signedIn(userWithRoles(['developer', 'member'])),
      [`GET /api/connect-cli/${base.id}`]: () => connection(),
      [`POST /api/connect-cli/${base.id}/approve`]: () => connection({ status: 'approved' }),
      [`POST /api/connect-cli/${base.id}/deny`]: () => connection({ status: 'denied' }),
      ...overrides,
    });
  return { connection, api };
}
