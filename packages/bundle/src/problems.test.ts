import { hasMessage, translate } from '@kiosk/core/i18n/translate';
import { describe, expect, it } from 'vitest';
import { METADATA_RULE } from './metadata.ts';
import { SVG_RULE } from './svg-safety.ts';
import { BUNDLE_PROBLEM_CODES, bundleProblemKey, describeBundleProblem, formatBytes } from './problems.ts';

describe('bundle problem texts', () => {
  it('has an en and a zh text for every problem code, kiosk.json rule and SVG rule', () => {
    for (const key of [
      ...BUNDLE_PROBLEM_CODES.map(bundleProblemKey),
      ...Object.values(METADATA_RULE),
      ...Object.values(SVG_RULE),
    ]) {
      expect(hasMessage(key), key).toBe(true);
      expect(translate('zh', key), key).not.toBe(translate('en', key));
    }
  });

  it("fills a field rule and a secret kind in the reader's language", () => {
    const tooLong = {
      code: 'METADATA_INVALID',
      params: { path: 'title', rule: METADATA_RULE.tooLong, max: 60 },
    } as const;
    expect(describeBundleProblem('en', tooLong)).toBe(
      'kiosk.json, field "title": must be at most 60 characters',
    );
    expect(describeBundleProblem('zh', tooLong)).toBe('kiosk.json 的字段“title”：最多 60 个字符');
    const name = {
      code: 'METADATA_INVALID',
      params: { path: 'name', rule: 'store.appName.tooShort', number: 3 },
    } as const;
    expect(describeBundleProblem('en', name)).toBe(
      'kiosk.json, field "name": Name should no less than 3 chars',
    );
    const secret = {
      code: 'SECRET_FOUND',
      params: { file: 'dist/pay.js', line: 3, column: 28, kind: 'evmPrivateKey' },
    } as const;
    expect(describeBundleProblem('en', secret)).toBe(
      'A secret was found in dist/pay.js, line 3: a wallet private key. Remove it, revoke it where it was issued, and publish again',
    );
    expect(describeBundleProblem('zh', secret)).toContain('dist/pay.js 第 3 行发现密钥：钱包私钥');
  });

  it('writes sizes the way file managers do', () => {
    expect([512, 1024, 512 * 1024 + 1, 50 * 1024 * 1024, 100 * 1024 ** 3].map(formatBytes)).toEqual([
      '512 B',
      '1 KB',
      '512 KB',
      '50 MB',
      '100 GB',
    ]);
  });
});
