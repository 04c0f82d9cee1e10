import { describe, expect, it } from 'vitest';
import {
  APP_NAME_MAX_LENGTH,
  checkAccessTokenName,
  checkAppName,
  checkCategoryName,
  isTokenDeletionConfirmed,
} from './app-name.ts';

describe('app names (seed 001 §5)', () => {
  it('accepts letters, "-" and "_" within the lengths', () => {
    for (const good of ['abc', 'my-wallet', 'My_Wallet', 'a-_', 'x'.repeat(APP_NAME_MAX_LENGTH)])
      expect(checkAppName(good), good).toBeUndefined();
  });

  it('answers the seed messages with their numbers at both ends of the lengths', () => {
    expect(checkAppName('')).toEqual({ key: 'store.appName.required' });
    expect(checkAppName('ab')).toEqual({ key: 'store.appName.tooShort', params: { number: 3 } });
    expect(checkAppName('x'.repeat(33))).toEqual({ key: 'store.appName.tooLong', params: { number: 32 } });
  });

  it('refuses digits, spaces, dots, slashes and letters of other scripts', () => {
    for (const bad of ['wallet2', 'my wallet', 'my.wallet', 'a/b', 'wаllet', 'café', 'emoji😀'])
      expect(checkAppName(bad), bad).toEqual({ key: 'store.appName.invalidCharacters' });
  });
});

describe('category names (seed 001 §5)', () => {
  it('accepts letters of any script, digits, spaces and "-"', () => {
    for (const good of ['Web Development', 'Search-tools 2', '博客', ' News '])
      expect(checkCategoryName(good), good).toBeUndefined();
  });

  it('refuses empty names, other characters and more than 40 characters', () => {
    expect(checkCategoryName('  ')).toEqual({ key: 'store.categoryName.required' });
    for (const bad of ['Fun!', 'a_b', 'x/y', 'Photos & Video'])
      expect(checkCategoryName(bad), bad).toEqual({ key: 'store.categoryName.invalidCharacters' });
    expect(checkCategoryName('博'.repeat(40))).toBeUndefined();
    expect(checkCategoryName('x'.repeat(41))).toEqual({ key: 'store.maxInput', params: { length: 40 } });
  });
});

describe('access token names (seed 001 §5)', () => {
  it('requires a name and caps it at 64 characters', () => {
    expect(checkAccessTokenName(' ')).toEqual({ key: 'store.accessToken.nameRequired' });
    expect(checkAccessTokenName('CI on main')).toBeUndefined();
    expect(checkAccessTokenName('x'.repeat(65))).toEqual({ key: 'store.maxInput', params: { length: 64 } });
  });

  it('confirms a deletion only when the token name is typed exactly', () => {
    expect(isTokenDeletionConfirmed('CI on main', 'CI on main')).toBe(true);
    expect(isTokenDeletionConfirmed(' CI on main ', 'CI on main')).toBe(true);
    expect(isTokenDeletionConfirmed('ci on main', 'CI on main')).toBe(false);
    expect(isTokenDeletionConfirmed('', '')).toBe(false);
  });
});
