import type { RuleProblem } from './rule-problem.ts';

/**
 * Issue 12 item 6: refuse "a name too close to an existing app's" (squatting), so that nobody
 * publishes `my_wa11et` beside `my-wallet` to catch its users. Two steps:
 *
 * 1. Normalise away what a reader does not see: case, the separators '-', '_', '.' and spaces,
 *    characters that look alike (0→o; 1, |, ! and capital I→l; 5→s; rn→m; vv→w …) and repeated
 *    letters (`wallet` → `walet`: a doubled letter is the commonest typo-squat).
 * 2. Compare the normalised names by edit distance (insertions, deletions, substitutions and swaps
 *    of neighbours), allowing fewer edits for short names, where one letter changes a lot:
 *    up to 4 letters must differ after normalising, 5 to 11 letters may not be 1 edit apart,
 *    12 letters or more may not be 2 edits apart (`SQUAT_DISTANCE`).
 * So `my-walnut` (`mywalnut`, 2 edits from `mywalet`) stays free beside `my-wallet`.
 */
const LOOKALIKES: [RegExp, string][] = [
  [/I/g, 'l'], // before lowercasing: a capital I is the lowercase l of sans-serif fonts
];
const LOWER_LOOKALIKES: [RegExp, string][] = [
  [/[-_.\s]/g, ''],
  [/0/g, 'o'],
  [/[1|!]/g, 'l'],
  [/3/g, 'e'],
  [/[4@]/g, 'a'],
  [/[5$]/g, 's'],
  [/7/g, 't'],
  [/8/g, 'b'],
  [/9/g, 'g'],
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/(.)\1+/g, '$1'],
];

export function normaliseAppName(name: string): string {
  let out = name.normalize('NFKC');
  for (const [pattern, to] of LOOKALIKES) out = out.replace(pattern, to);
  out = out.toLowerCase();
  for (const [pattern, to] of LOWER_LOOKALIKES) out = out.replace(pattern, to);
  return out;
}

/** The most edits that still count as "too close", by the normalised name's length. */
export function squatDistance(normalisedLength: number): number {
  if (normalisedLength <= 4) return 0;
  if (normalisedLength <= 11) return 1;
  return 2;
}

/**
 * Optimal string alignment distance, given up past `bound` (answers bound + 1 then): names are short,
 * but the check runs against every existing app.
 */
export function boundedEditDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > bound) return bound + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, bound + 1);
}

/**
 * The existing name closest to `name` when it is too close (ties: the first in `existing`), or
 * undefined. The caller leaves the app's own name out of `existing`.
 */
export function findSquattedName(name: string, existing: Iterable<string>): string | undefined {
  const target = normaliseAppName(name);
  const bound = squatDistance(target.length);
  let closest: { name: string; distance: number } | undefined;
  for (const other of existing) {
    const distance = boundedEditDistance(target, normaliseAppName(other), bound);
    if (distance <= bound && (!closest || distance < closest.distance)) closest = { name: other, distance };
    if (closest?.distance === 0) break;
  }
  return closest?.name;
}

export function checkNameSquatting(name: string, existing: Iterable<string>): RuleProblem | undefined {
  const taken = findSquattedName(name, existing);
  return taken === undefined ? undefined : { key: 'store.appName.tooClose', params: { existing: taken } };
}
