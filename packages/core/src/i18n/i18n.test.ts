import { describe, expect, it } from 'vitest';
import { catalogs, localeFromAcceptLanguage, matchLocale, translate } from './index.ts';

describe('i18n', () => {
  it('has a zh entry for every en key, and no zh-only keys', () => {
    expect(Object.keys(catalogs.zh).sort()).toEqual(Object.keys(catalogs.en).sort());
    for (const [key, text] of Object.entries(catalogs.zh)) expect(text, key).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(catalogs.en)) {
      expect(placeholders(catalogs.zh[key]!), key).toEqual(placeholders(catalogs.en[key]!));
    }
  });

  it('translates with parameters and falls back to en, then to the key', () => {
    expect(translate('zh', 'page.404')).toBe('抱歉，您访问的页面不存在。');
    expect(translate('en', 'error.ROUTE_NOT_FOUND', { method: 'GET', url: '/x' })).toBe(
      'No route for GET /x',
    );
    expect(translate('zh', 'no.such.key')).toBe('no.such.key');
  });

  it('picks the best supported language from Accept-Language', () => {
    expect(localeFromAcceptLanguage('fr-FR, zh-CN;q=0.8, en;q=0.5')).toBe('zh');
    expect(localeFromAcceptLanguage('en-US;q=0.4, zh;q=0.9')).toBe('zh');
    expect(localeFromAcceptLanguage('de, fr')).toBeUndefined();
    expect(localeFromAcceptLanguage('zh;q=0, en')).toBe('en');
    expect(matchLocale('ZH_tw')).toBe('zh');
  });
});
