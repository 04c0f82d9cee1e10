import type { RuleProblem } from './rule-problem.ts';

/**
 * Seed 001 §5: names of apps, categories and access tokens. The seed gives the length messages
 * ('{name} should no less than {number} chars' …) but not the numbers: 32 is the original store's
 * maximum for an app name; 3 is ours, so that a name says something and the squatting check
 * (squatting.ts) has letters to compare.
 */
export const APP_NAME_MIN_LENGTH = 3;
export const APP_NAME_MAX_LENGTH = 32;
/** The original store's limits for category names and token names (seed 001 §5 "Max input"). */
export const CATEGORY_NAME_MAX_LENGTH = 40;
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 64;

// Seed 001 §5: "letters, '-' and '_' only". ASCII letters: the name is also the bundle's file name
// and part of addresses, and letters of other scripts that look Latin (Cyrillic "а") would defeat
// the squatting check.
const APP_NAME = /^[A-Za-z_-]+$/;
// Seed 001 §5: "letters, digits, space and '-'". Any script's letters: categories are shown in
// every language (a zh category is named in Chinese).
const CATEGORY_NAME = /^[\p{L}\p{Nd} -]+$/u;

/** The first problem with an app name, or undefined when it is acceptable. */
export function checkAppName(name: string): RuleProblem | undefined {
  if (name.length === 0) return { key: 'store.appName.required' };
  if (name.length < APP_NAME_MIN_LENGTH)
    return { key: 'store.appName.tooShort', params: { number: APP_NAME_MIN_LENGTH } };
  if (name.length > APP_NAME_MAX_LENGTH)
    return { key: 'store.appName.tooLong', params: { number: APP_NAME_MAX_LENGTH } };
  if (!APP_NAME.test(name)) return { key: 'store.appName.invalidCharacters' };
  return undefined;
}

/** Category names are trimmed first: a space typed at either end is not part of the name. */
export function checkCategoryName(name: string): RuleProblem | undefined {
  const trimmed = name.trim();
  if (trimmed.length === 0) return { key: 'store.categoryName.required' };
  if ([...trimmed].length > CATEGORY_NAME_MAX_LENGTH)
    return { key: 'store.maxInput', params: { length: CATEGORY_NAME_MAX_LENGTH } };
  if (!CATEGORY_NAME.test(trimmed)) return { key: 'store.categoryName.invalidCharacters' };
  return undefined;
}

/** Seed 001 §5: "Access Token Name is required" (any text otherwise: it is the developer's label). */
export function checkAccessTokenName(name: string): RuleProblem | undefined {
  const trimmed = name.trim();
  if (trimmed.length === 0) return { key: 'store.accessToken.nameRequired' };
  if ([...trimmed].length > ACCESS_TOKEN_NAME_MAX_LENGTH)
    return { key: 'store.maxInput', params: { length: ACCESS_TOKEN_NAME_MAX_LENGTH } };
  return undefined;
}

/** Seed 001 §5: deleting a token needs its name typed; exact, apart from spaces at either end. */
export function isTokenDeletionConfirmed(typed: string, tokenName: string): boolean {
  return typed.trim() === tokenName.trim() && tokenName.trim() !== '';
}
