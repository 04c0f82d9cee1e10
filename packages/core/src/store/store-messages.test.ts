import { describe, expect, it } from 'vitest';
import { hasMessage, translate } from '../i18n/translate.ts';
import { APP_VERSION_STATUSES, REVIEW_TYPES, type ReviewRefusal } from '../states/app-version-review.ts';
import { checkAccessTokenName, checkAppName, checkCategoryName } from './app-name.ts';
import { scanForSecrets, type SecretKind } from './secrets.ts';
import { checkNameSquatting } from './squatting.ts';
import { checkNewVersion } from './versions.ts';

describe('store rule texts (en and zh)', () => {
  it('has a text for every problem the rules answer', () => {
    const problems = [
      checkAppName(''),
      checkAppName('ab'),
      checkAppName('x'.repeat(40)),
      checkAppName('a1b2'),
      checkCategoryName(''),
      checkCategoryName('a!'),
      checkCategoryName('x'.repeat(41)),
      checkAccessTokenName(''),
      checkNewVersion('x', []),
      checkNewVersion('1.0.0', ['1.0.0']),
      checkNameSquatting('my-wallet', ['mywallet']),
    ];
    for (const problem of problems) expect(hasMessage(problem!.key), problem!.key).toBe(true);
    const kinds: SecretKind[] = [
      'privateKeyBlock',
      'evmPrivateKey',
      'mnemonic',
      'kioskOrStripeKey',
      'kioskAccessToken',
      'awsAccessKey',
      'githubToken',
      'slackToken',
      'googleApiKey',
      'namedSecret',
    ];
    for (const kind of kinds) expect(hasMessage(`store.secret.${kind}`), kind).toBe(true);
    const refusals: ReviewRefusal[] = ['REVIEW_ACTION_NOT_ALLOWED', 'REVIEW_REQUIRED', 'REVIEW_NOT_NEEDED'];
    for (const code of refusals) expect(hasMessage(`error.${code}`), code).toBe(true);
    for (const status of APP_VERSION_STATUSES) expect(hasMessage(`store.review.status.${status}`)).toBe(true);
    for (const type of REVIEW_TYPES) expect(hasMessage(`store.review.type.${type}`)).toBe(true);
    expect(scanForSecrets('').findings).toEqual([]);
  });

  it('keeps the seed 001 §5 messages word for word, filled in', () => {
    const short = checkAppName('ab')!;
    expect(translate('en', short.key, short.params)).toBe('Name should no less than 3 chars');
    const long = checkAppName('x'.repeat(33))!;
    expect(translate('en', long.key, long.params)).toBe('Name should no longer than 32 chars');
    expect(translate('zh', long.key, long.params)).toBe('名称不能超过 32 个字符');
    expect(translate('en', 'store.accessToken.nameRequired')).toBe('Access Token Name is required');
    const max = checkCategoryName('x'.repeat(41))!;
    expect(translate('en', max.key, max.params)).toBe('input a maximum of 40 characters');
  });
});
