import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A dashboard page's tests, in test mode (the merchant's last choice, kept in local storage), with
 * scrolling stubbed (jsdom has none); each test's page, stubs and storage are gone after it.
 */
export function inDashboardTestMode(): void {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', () => {});
    window.localStorage.setItem('livemode', 'false');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
}
