import type { Locale } from '@kiosk/core';
import { translate } from '@kiosk/core/i18n/translate';

/**
 * Why the store refuses an upload (issue 12 item 6), as values: a code and the parameters of its
 * text, `store.bundle.{code}` in packages/core/src/i18n/store.ts (en and zh). Listed in the order
 * check-release.ts checks them.
 */
export const BUNDLE_PROBLEM_CODES = [
  'BUNDLE_TOO_LARGE',
  'INTEGRITY_MISMATCH',
  'RELEASE_MALFORMED',
  'BAD_SIGNATURE',
  'WRONG_SIGNER',
  'BUNDLE_UNREADABLE',
  'BUNDLE_DATA_AFTER_END',
  'ARCHIVE_GLOBAL_HEADER',
  'BUNDLE_TOO_MANY_FILES',
  'BUNDLE_UNPACKED_TOO_LARGE',
  'ENTRY_OUTSIDE_PACKAGE',
  'ENTRY_NOT_FILE',
  'ENTRY_DUPLICATE',
  'ENTRY_HEADER_NOT_ALLOWED',
  'METADATA_MISSING',
  'METADATA_TOO_LARGE',
  'METADATA_NOT_JSON',
  'METADATA_INVALID',
  'RELEASE_MISMATCH',
  'NAME_TOO_CLOSE',
  'VERSION_NOT_INCREASING',
  'LOGO_MISSING',
  'LOGO_TOO_LARGE',
  'LOGO_NOT_IMAGE',
  'LOGO_UNSAFE_SVG',
  'SCREENSHOT_MISSING',
  'SCREENSHOT_TOO_LARGE',
  'SCREENSHOT_NOT_IMAGE',
  'SCREENSHOT_UNSAFE_SVG',
  'SECRET_FOUND',
] as const;

export type BundleProblemCode = (typeof BUNDLE_PROBLEM_CODES)[number];

export interface BundleProblem {
  code: BundleProblemCode;
  params: Record<string, string | number>;
}

export const problem = (code: BundleProblemCode, params: BundleProblem['params'] = {}): BundleProblem => ({
  code,
  params,
});

export const bundleProblemKey = (code: BundleProblemCode) => `store.bundle.${code}`;

/**
 * The problem in the reader's language. Two parameters are keys themselves and are translated
 * first: the `rule` of a metadata problem or an unsafe SVG (filled with the problem's other
 * parameters) and a secret's `kind`, so "a wallet private key" reads in zh too.
 */
export function describeBundleProblem(locale: Locale, { code, params }: BundleProblem): string {
  const filled: Record<string, string | number> = { ...params };
  const ruled = code === 'METADATA_INVALID' || code === 'LOGO_UNSAFE_SVG' || code === 'SCREENSHOT_UNSAFE_SVG';
  if (ruled && typeof params.rule === 'string') filled.rule = translate(locale, params.rule, params);
  if (code === 'SECRET_FOUND' && typeof params.kind === 'string')
    filled.kind = translate(locale, `store.secret.${params.kind}`);
  return translate(locale, bundleProblemKey(code), filled);
}

/** Sizes in texts: binary units, one decimal place, the way file managers show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}
