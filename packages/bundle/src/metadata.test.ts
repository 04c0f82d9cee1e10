import { describe, expect, it } from 'vitest';
import { isBundlePath, METADATA_RULE, parseBundleMetadata } from './metadata.ts';

const did = `did:pkh:eip155:1:0x${'ab12'.repeat(10)}`;
const good = {
  name: 'weather-board',
  title: 'Weather Board',
  description: 'Forecasts.',
  version: '1.2.3-beta.1',
  did,
  logo: 'assets/logo.svg',
};

const problemsOf = (metadata: Record<string, unknown>) => {
  const parsed = parseBundleMetadata(metadata);
  return parsed.ok ? [] : parsed.problems.map(({ path, rule, params }) => ({ path, rule, params }));
};

describe('kiosk.json', () => {
  it('accepts the required fields alone, and every optional field within its limits', () => {
    expect(parseBundleMetadata(good)).toEqual({ ok: true, metadata: good });
    const full = {
      ...good,
      $schema: 'https://store.example.org/kiosk.schema.json',
      title: '天气'.repeat(30),
      description: 'x'.repeat(2000),
      screenshots: Array.from({ length: 8 }, (_, i) => `shots/${i}.jpeg`),
      category: 'Weather tools',
      homepage: 'https://weather.example.org/about?x=1',
      changelog: 'y'.repeat(20_000),
      main: 'dist/index.js',
    };
    expect(parseBundleMetadata(full).ok).toBe(true);
  });

  it('answers every field problem at once, each with its path and rule', () => {
    expect(
      problemsOf({
        ...good,
        name: 'ab',
        title: 'T'.repeat(61),
        version: 'v1.0',
        did: did.toUpperCase(),
        logo: '../logo.png',
        screenshots: ['a.png', 'notes.txt', 3],
        homepage: 'http://weather.example.org',
        extra: true,
      }),
    ).toEqual([
      { path: 'name', rule: 'store.appName.tooShort', params: { number: 3 } },
      { path: 'title', rule: METADATA_RULE.tooLong, params: { max: 60 } },
      { path: 'version', rule: METADATA_RULE.notSemver, params: {} },
      { path: 'did', rule: METADATA_RULE.notAppDid, params: {} },
      { path: 'logo', rule: METADATA_RULE.notImagePath, params: {} },
      { path: 'screenshots[1]', rule: METADATA_RULE.notImagePath, params: {} },
      { path: 'screenshots[2]', rule: METADATA_RULE.notText, params: {} },
      { path: 'homepage', rule: METADATA_RULE.notHttpsUrl, params: {} },
      { path: 'extra', rule: METADATA_RULE.unknownField, params: {} },
    ]);
  });

  it('names missing and blank required fields, too many screenshots and a bad category', () => {
    const { title: _title, ...withoutTitle } = good;
    expect(
      problemsOf({
        ...withoutTitle,
        description: '   ',
        screenshots: Array.from({ length: 9 }, (_, i) => `${i}.png`),
        category: 'Fun!',
      }),
    ).toEqual([
      { path: 'title', rule: METADATA_RULE.required, params: {} },
      { path: 'description', rule: METADATA_RULE.required, params: {} },
      { path: 'screenshots', rule: METADATA_RULE.tooMany, params: { max: 8 } },
      { path: 'category', rule: 'store.categoryName.invalidCharacters', params: {} },
    ]);
  });

  it('counts characters, not UTF-16 units, against a text limit', () => {
    expect(problemsOf({ ...good, title: '😀'.repeat(60) })).toEqual([]);
    expect(problemsOf({ ...good, title: '😀'.repeat(61) })).toEqual([
      { path: 'title', rule: METADATA_RULE.tooLong, params: { max: 60 } },
    ]);
  });

  it('keeps every path inside the bundle', () => {
    for (const path of ['logo.png', 'a/b/c.js', '.well-known/x', 'a..b/c'])
      expect(isBundlePath(path), path).toBe(true);
    for (const path of [
      '',
      '/etc/passwd',
      '../x',
      'a/../../x',
      './a',
      'a//b',
      'a/',
      'a\\b',
      'a\nb',
      'x'.repeat(256),
    ])
      expect(isBundlePath(path), path).toBe(false);
  });
});
