import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '../i18n/both-languages.ts';
import { COOKIE_CONSENT_SPACE } from './bottom-space.ts';
import { CookieConsent, type CookieConsentProps } from './CookieConsent.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

function renderBanner(props: CookieConsentProps = {}) {
  return render(
    <I18nextProvider i18n={createKioskI18n('en')}>
      <CookieConsent {...props} />
    </I18nextProvider>,
  );
}

function expiryOf(cookieWrite: string): number {
  const expires = /expires=([^;]+)/.exec(cookieWrite)?.[1];
  if (!expires) throw new Error(`no expiry in ${cookieWrite}`);
  return Date.parse(expires);
}

beforeEach(() => {
  document.cookie = 'CookieConsent=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CookieConsent', () => {
  it('stores acceptance in the CookieConsent cookie for 365 days and goes away', () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    const onAccept = vi.fn();
    renderBanner({ onAccept });
    const banner = screen.getByRole('region', { name: 'Cookies' });
    expect(banner).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    const write = cookieWrites.mock.calls.at(-1)?.[0] ?? '';
    expect(write).toMatch(/^CookieConsent=true;/);
    expect(write).toContain('path=/');
    expect(Math.abs(expiryOf(write) - (Date.now() + 365 * DAY_MS))).toBeLessThan(60_000);
    expect(document.cookie).toContain('CookieConsent=true');
    expect(onAccept).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
  });

  it('stores a refusal too, so the question is not asked again', () => {
    const onDecline = vi.fn();
    renderBanner({ onDecline });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(document.cookie).toContain('CookieConsent=false');
    expect(onDecline).toHaveBeenCalledTimes(1);
    cleanup();

    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
  });

  it('stays hidden inside an iframe unless showInIframe is set', () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    cleanup();

    renderBanner({ showInIframe: true });
    expect(screen.getByRole('region', { name: 'Cookies' })).toBeTruthy();
  });

  it('reserves the bottom space it covers while it asks, for fixed bars and focus, and frees it once answered', () => {
    const root = document.documentElement;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 180 } as DOMRect);
    renderBanner();
    expect(screen.getByRole('region', { name: 'Cookies' })).toBeTruthy();
    // Its height, and the gap below it kept above it too (jsdom applies no media query, so no gap here).
    expect(root.style.getPropertyValue(COOKIE_CONSENT_SPACE)).toBe('180px');
    expect(root.style.scrollPaddingBottom).toBe(`var(${COOKIE_CONSENT_SPACE}, 0px)`);

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(root.style.getPropertyValue(COOKIE_CONSENT_SPACE)).toBe('');
    expect(root.style.scrollPaddingBottom).toBe('');
  });

  it('reserves no space when answered before', () => {
    document.cookie = 'CookieConsent=true; path=/';
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    expect(document.documentElement.style.getPropertyValue(COOKIE_CONSENT_SPACE)).toBe('');
  });

  it('is at most 440 px wide', () => {
    renderBanner();
    const banner = screen.getByRole('region', { name: 'Cookies' });
    expect(getComputedStyle(banner).maxWidth).toBe('440px');
  });
});
