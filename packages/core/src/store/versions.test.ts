import { describe, expect, it } from 'vitest';
import { checkNewVersion, compareSemver, parseSemver } from './versions.ts';

const cmp = (a: string, b: string) => compareSemver(parseSemver(a)!, parseSemver(b)!);

describe('semver parsing (semver 2.0.0 §2, §9, §10)', () => {
  it('reads releases, pre-releases and build metadata', () => {
    expect(parseSemver('1.2.3-alpha.1+sha.5114f85')).toEqual({
      major: '1',
      minor: '2',
      patch: '3',
      prerelease: ['alpha', '1'],
      build: ['sha', '5114f85'],
    });
    for (const good of [
      '0.0.0',
      '10.20.30',
      '1.0.0-0A.is.legal',
      '1.0.0+0.build.1-rc.10000aaa-kk-0.1',
      '1.0.0-x-y-z.--',
    ])
      expect(parseSemver(good), good).toBeDefined();
  });

  it('refuses what the spec does not allow', () => {
    for (const bad of [
      '1',
      '1.2',
      'v1.2.3',
      '01.1.1',
      '1.01.1',
      '1.2.3-01',
      '1.2.3-',
      '1.2.3+',
      '1.2.3-a..b',
      ' 1.2.3',
      '1.2.3.4',
      '-1.0.0',
    ])
      expect(parseSemver(bad), bad).toBeUndefined();
  });
});

describe('semver precedence (§11)', () => {
  it('orders the spec example chain strictly', () => {
    const chain = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ];
    for (let i = 1; i < chain.length; i++) {
      expect(cmp(chain[i - 1]!, chain[i]!), `${chain[i - 1]} < ${chain[i]}`).toBeLessThan(0);
      expect(cmp(chain[i]!, chain[i - 1]!)).toBeGreaterThan(0);
    }
  });

  it('compares numbers as numbers, of any size, and ignores build metadata', () => {
    expect(cmp('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(cmp('2.0.0', '1.99.99')).toBeGreaterThan(0);
    expect(cmp('1.0.12345678901234567890', '1.0.12345678901234567889')).toBeGreaterThan(0);
    expect(cmp('1.0.0+b1', '1.0.0+b2')).toBe(0);
    expect(cmp('1.0.0-1', '1.0.0-a')).toBeLessThan(0);
  });
});

describe('a new app version (issue 12 item 1)', () => {
  it('must be greater than every earlier version, whatever their order', () => {
    expect(checkNewVersion('1.2.0', ['1.0.0', '1.1.9', '0.9.0'])).toBeUndefined();
    expect(checkNewVersion('1.0.0', [])).toBeUndefined();
    expect(checkNewVersion('2.0.0', ['2.0.0-rc.1'])).toBeUndefined();
    expect(checkNewVersion('1.1.0', ['1.2.0', '1.0.0'])).toEqual({
      key: 'store.version.notIncreasing',
      params: { version: '1.1.0', latest: '1.2.0' },
    });
  });

  it('refuses the same version, also under another build, and a pre-release of it', () => {
    expect(checkNewVersion('1.0.0', ['1.0.0'])?.key).toBe('store.version.notIncreasing');
    expect(checkNewVersion('1.0.0+b2', ['1.0.0+b1'])?.key).toBe('store.version.notIncreasing');
    expect(checkNewVersion('1.0.0-rc.1', ['1.0.0'])?.key).toBe('store.version.notIncreasing');
  });

  it('refuses a version that is not semver', () => {
    expect(checkNewVersion('v1.0.0', [])).toEqual({
      key: 'store.version.invalid',
      params: { version: 'v1.0.0' },
    });
  });
});
