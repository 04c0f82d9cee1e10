import type { RuleProblem } from './rule-problem.ts';

/**
 * Semantic versions (semver 2.0.0) for app versions: issue 12 item 1 "versions are semver and
 * strictly increasing". Hand-written rather than a library: parsing is one regular expression from
 * the spec's grammar and precedence is §11's four steps; both are tested below to the spec's own
 * examples, and core stays free of dependencies it would carry into the browser.
 */
export interface SemVer {
  major: string;
  minor: string;
  patch: string;
  /** Dot-separated pre-release identifiers (`1.0.0-alpha.1` → ['alpha', '1']); empty for a release. */
  prerelease: string[];
  /** Build metadata, kept for display; it plays no part in ordering (§10). */
  build: string[];
}

// §2 numbers without leading zeros; §9 pre-release identifiers, numeric ones without leading zeros;
// §10 build identifiers (leading zeros allowed). Numbers stay text so no size limit applies.
const NUMBER = '0|[1-9]\\d*';
const PRE_ID = `(?:${NUMBER}|\\d*[A-Za-z-][0-9A-Za-z-]*)`;
const BUILD_ID = '[0-9A-Za-z-]+';
const SEMVER = new RegExp(
  `^(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})(?:-(${PRE_ID}(?:\\.${PRE_ID})*))?(?:\\+(${BUILD_ID}(?:\\.${BUILD_ID})*))?$`,
);

/** The version, or undefined when the text is not semver 2.0.0 (no `v` prefix, no spaces). */
export function parseSemver(text: string): SemVer | undefined {
  const m = SEMVER.exec(text);
  if (!m) return undefined;
  return {
    major: m[1]!,
    minor: m[2]!,
    patch: m[3]!,
    prerelease: m[4] ? m[4].split('.') : [],
    build: m[5] ? m[5].split('.') : [],
  };
}

const isNumeric = (id: string) => /^\d+$/.test(id);

/** Numbers without leading zeros order by length first, then digit by digit. */
function compareNumbers(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** §11.4: numeric identifiers below alphanumeric ones; a longer list wins when all else is equal. */
function comparePrerelease(a: string[], b: string[]): number {
  // §11.3: a release is above its pre-releases.
  if (a.length === 0 || b.length === 0) return Math.sign(b.length - a.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const xn = isNumeric(x);
    const yn = isNumeric(y);
    if (xn && yn) return compareNumbers(x, y);
    if (xn !== yn) return xn ? -1 : 1;
    return x < y ? -1 : 1; // §11.4.2: ASCII order
  }
  return Math.sign(a.length - b.length);
}

/** Precedence (§11): negative when a < b, 0 when equal (build metadata ignored), positive when a > b. */
export function compareSemver(a: SemVer, b: SemVer): number {
  return (
    compareNumbers(a.major, b.major) ||
    compareNumbers(a.minor, b.minor) ||
    compareNumbers(a.patch, b.patch) ||
    comparePrerelease(a.prerelease, b.prerelease)
  );
}

/**
 * Issue 12 item 1: a new version must be strictly greater than every earlier version of the app
 * (not only the latest published one: a rejected or cancelled 2.0.0 still takes its number, so a
 * reviewer's verdict can never be confused with a new upload). Equal precedence with another build
 * is refused too: `1.0.0+b2` is the same version as `1.0.0+b1`.
 */
export function checkNewVersion(version: string, earlier: readonly string[]): RuleProblem | undefined {
  const parsed = parseSemver(version);
  if (!parsed) return { key: 'store.version.invalid', params: { version } };
  let highest: { text: string; semver: SemVer } | undefined;
  for (const text of earlier) {
    const semver = parseSemver(text);
    if (semver && (!highest || compareSemver(semver, highest.semver) > 0)) highest = { text, semver };
  }
  if (highest && compareSemver(parsed, highest.semver) <= 0)
    return { key: 'store.version.notIncreasing', params: { version, latest: highest.text } };
  return undefined;
}
