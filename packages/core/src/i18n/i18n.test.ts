import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs.ts';
import { translate } from './translate.ts';
import { localeFromAcceptLanguage, matchLocale } from './index.ts';
import { screenMessageGroups } from './screens.ts';

/** The first-load catalogs and every screen's own group, each checked as the app loads it. */
const groups = { catalogs, ...screenMessageGroups };

describe('i18n', () => {
  it.each(Object.entries(groups))('%s has a zh entry for every en key, and no zh-only keys', (_, group) => {
    expect(Object.keys(group.zh).sort()).toEqual(Object.keys(group.en).sort());
    for (const [key, text] of Object.entries(group.zh)) expect(text, key).not.toBe('');
  });

  it.each(Object.entries(groups))('%s uses the same placeholders in both languages', (_, group) => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const zh = group.zh as Record<string, string>;
    for (const [key, en] of Object.entries(group.en))
      expect(placeholders(zh[key]!), key).toEqual(placeholders(en));
  });

  it('keeps screen groups apart: no key of a screen group is also in another group', () => {
    const seen = new Map<string, string>();
    for (const [name, group] of Object.entries(groups))
      for (const key of Object.keys(group.en)) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, name);
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
