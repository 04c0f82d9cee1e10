import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@kiosk/core/i18n/catalogs';
import { firstLoadEn } from '@kiosk/core/i18n/first-load.en';
import { createKioskI18nWith } from '@kiosk/react';
import { createKioskI18n } from '@kiosk/react/i18n';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.cookie = 'nf_lang=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.documentElement.lang = 'en';
});

describe('LanguageSwitch', () => {
  it('switches to Chinese, marks the page and writes the nf_lang cookie for a year', async () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    const i18n = createKioskI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nextProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    // The menu's code loads on its first opening.
    const chinese = await screen.findByRole('menuitemradio', { name: '中文' });
    await act(async () => {
      fireEvent.click(chinese);
    });

    expect(i18n.language).toBe('zh');
    expect(document.documentElement.lang).toBe('zh');
    const write = cookieWrites.mock.calls.at(-1)?.[0] ?? '';
    expect(write).toMatch(/^nf_lang=zh;/);
    expect(write).toContain('path=/');
    expect(write).toContain('SameSite=Lax');
    const expires = Date.parse(/expires=([^;]+)/.exec(write)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + 365 * DAY_MS))).toBeLessThan(60_000);
    expect(screen.getByRole('button', { name: '语言：中文' })).toBeTruthy();
  });

  it('loads the other language when the page has only its own, as the app loads it', async () => {
    const i18n = createKioskI18nWith('en', { en: firstLoadEn });
    expect(i18n.exists('shell.brand', { lng: 'zh', fallbackLng: [] })).toBe(false);
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nextProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: '中文' }));

    expect(await screen.findByRole('button', { name: '语言：中文' })).toBeTruthy();
    expect(i18n.language).toBe('zh');
    expect(i18n.t('checkout.submit.connect')).toBe(catalogs.zh['checkout.submit.connect']);
  });
});
