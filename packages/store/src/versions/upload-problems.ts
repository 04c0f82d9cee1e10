import {
  BUNDLE_PROBLEM_CODES,
  problem,
  type BundleProblem,
  type BundleProblemCode,
  type ReleaseCheck,
  type SignedRelease,
} from '@kiosk/bundle';
import { checkNameSquatting, checkNewVersion } from '@kiosk/core';

/**
 * The problems of an upload once the store's own rules are read in (docs/store.md, "What the store
 * checks"): checkRelease judges the bytes without the database, the store adds step 7 with its data.
 */

const ORDER = Object.fromEntries(BUNDLE_PROBLEM_CODES.map((code, index) => [code, index])) as Record<
  BundleProblemCode,
  number
>;

/**
 * Problems after which checkRelease looks no further (docs/store.md, "What the store checks": steps
 * 1 to 4): with these, the store's own rules are not reached either.
 */
const ENDS_THE_CHECK: ReadonlySet<BundleProblemCode> = new Set([
  'BUNDLE_TOO_LARGE',
  'INTEGRITY_MISMATCH',
  'RELEASE_MALFORMED',
  'BAD_SIGNATURE',
  'WRONG_SIGNER',
  'BUNDLE_UNREADABLE',
  'BUNDLE_TOO_MANY_FILES',
  'BUNDLE_UNPACKED_TOO_LARGE',
]);

/** Step 7 of the checks: the name against the store's other apps, the version against this app's. */
export function storeRuleProblems(
  release: SignedRelease,
  otherAppNames: Iterable<string>,
  earlierVersions: readonly string[],
): BundleProblem[] {
  const problems: BundleProblem[] = [];
  const squat = checkNameSquatting(release.name, otherAppNames);
  if (squat) problems.push(problem('NAME_TOO_CLOSE', { existing: String(squat.params?.existing) }));
  const order = checkNewVersion(release.version, earlierVersions);
  if (order)
    problems.push(
      problem('VERSION_NOT_INCREASING', { version: release.version, latest: String(order.params?.latest) }),
    );
  return problems;
}

/**
 * Every problem of an upload, in the order of docs/store.md: the store's rules go where
 * checkRelease would have put them, unless the bytes' own check ended before reaching them.
 */
export function uploadProblems(checked: ReleaseCheck, storeProblems: BundleProblem[]): BundleProblem[] {
  if (checked.ok) return storeProblems;
  if (checked.problems.some((p) => ENDS_THE_CHECK.has(p.code))) return checked.problems;
  const problems = [...checked.problems];
  const after = problems.findIndex((p) => ORDER[p.code] > ORDER.VERSION_NOT_INCREASING);
  problems.splice(after === -1 ? problems.length : after, 0, ...storeProblems);
  return problems;
}
