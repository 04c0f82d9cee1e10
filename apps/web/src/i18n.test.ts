import { describe, expect, it } from 'vitest';
import { detectInitialLocale } from './i18n.ts';

describe('detectInitialLocale', () => {
  it('prefers the locale query parameter, then the nf_lang cookie, then the browser language', () => {
    expect(detectInitialLocale({ search: '?locale=zh', cookie: 'nf_lang=en', language: 'en-US' })).toBe('zh');
    expect(detectInitialLocale({ search: '?locale=fr', cookie: 'nf_lang=zh', language: 'en-US' })).toBe('zh');
    expect(detectInitialLocale({ search: '', cookie: 'other=1', language: 'zh-CN' })).toBe('zh');
    expect(detectInitialLocale({ search: '', cookie: '', language: 'de-DE' })).toBe('en');
  });
});
