import { checkAppName, checkCategoryName, parseSemver, type RuleProblem } from '@kiosk/core';
import { z } from 'zod';
import { isAppDid } from './app-did.ts';

/**
 * kiosk.json, the metadata file of a bundle (docs/store.md "Bundle format"). One schema for the CLI
 * (checked before packing) and the store (checked at upload), so both refuse the same files with the
 * same words.
 */

/** Every file of a bundle sits under this folder of the tarball (npm-pack layout). */
export const BUNDLE_ROOT = 'package/';
export const METADATA_FILE = 'kiosk.json';

/** Upload limit; a store setting may lower it, never raise it. */
export const BUNDLE_MAX_BYTES = 50 * 1024 * 1024;
export const LOGO_MAX_BYTES = 512 * 1024;
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
export const SCREENSHOTS_MAX = 8;
export const TITLE_MAX_LENGTH = 60;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const CHANGELOG_MAX_LENGTH = 20_000;
/** Long enough for a deep file path or a homepage with a query; short enough to show in a line. */
export const PATH_MAX_LENGTH = 255;
export const HOMEPAGE_MAX_LENGTH = 2048;
/** kiosk.json itself: every text field at its limit in four-byte characters fits with room to spare. */
export const METADATA_MAX_BYTES = 256 * 1024;

/** Extensions of the images a store page can show; `jpeg` is the same format as `jpg`. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'svg'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

/** The i18n keys (packages/core/src/i18n/store.ts) of the field rules this schema adds to core's. */
export const METADATA_RULE = {
  required: 'store.bundle.rule.required',
  tooLong: 'store.bundle.rule.tooLong',
  notText: 'store.bundle.rule.notText',
  notList: 'store.bundle.rule.notList',
  tooMany: 'store.bundle.rule.tooMany',
  unknownField: 'store.bundle.rule.unknownField',
  notSemver: 'store.bundle.rule.notSemver',
  notAppDid: 'store.bundle.rule.notAppDid',
  notBundlePath: 'store.bundle.rule.notBundlePath',
  notImagePath: 'store.bundle.rule.notImagePath',
  notHttpsUrl: 'store.bundle.rule.notHttpsUrl',
  invalid: 'store.bundle.rule.invalid',
} as const;

/**
 * A path inside the bundle, relative to its root, written with '/': no leading '/', no '.' or '..'
 * step, no backslash or control character. So a path can never name a file outside the bundle, on
 * the store's disk or on an installer's.
 */
export function isBundlePath(path: string): boolean {
  if (path.length === 0 || path.length > PATH_MAX_LENGTH) return false;
  if (/[\\\p{Cc}]/u.test(path)) return false;
  return path.split('/').every((step) => step !== '' && step !== '.' && step !== '..');
}

/** The image kind a path names by its extension, or undefined. */
export function imageExtensionOf(path: string): ImageExtension | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(path)?.[1]?.toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension ?? '')
    ? (extension as ImageExtension)
    : undefined;
}

type Context = z.core.$RefinementCtx<string>;

function addRule(ctx: Context, problem: RuleProblem) {
  ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params ?? {} });
}

/** Lengths in characters (code points), not UTF-16 units: a zh title counts as it reads. */
function text(max: number, required: boolean) {
  return z.string().superRefine((value, ctx) => {
    if (required && value.trim() === '') addRule(ctx, { key: METADATA_RULE.required });
    else if ([...value].length > max) addRule(ctx, { key: METADATA_RULE.tooLong, params: { max } });
  });
}

function fromRule(check: (value: string) => RuleProblem | undefined) {
  return z.string().superRefine((value, ctx) => {
    const problem = check(value);
    if (problem) addRule(ctx, problem);
  });
}

const rule = (test: (value: string) => boolean, key: string) =>
  fromRule((value) => (test(value) ? undefined : { key }));

const imagePath = rule(
  (value) => isBundlePath(value) && imageExtensionOf(value) !== undefined,
  METADATA_RULE.notImagePath,
);

function isHttpsUrl(value: string): boolean {
  if (value.length > HOMEPAGE_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * Unknown fields are refused rather than ignored: a misspelt `screenshot` would otherwise publish
 * an app without its screenshots and nobody would say why. `$schema` is allowed for editors.
 */
export const bundleMetadataSchema = z.strictObject({
  $schema: z.string().optional(),
  name: fromRule(checkAppName),
  title: text(TITLE_MAX_LENGTH, true),
  description: text(DESCRIPTION_MAX_LENGTH, true),
  version: rule((value) => parseSemver(value) !== undefined, METADATA_RULE.notSemver),
  did: rule(isAppDid, METADATA_RULE.notAppDid),
  logo: imagePath,
  screenshots: z.array(imagePath).max(SCREENSHOTS_MAX).optional(),
  category: fromRule(checkCategoryName).optional(),
  homepage: rule(isHttpsUrl, METADATA_RULE.notHttpsUrl).optional(),
  changelog: text(CHANGELOG_MAX_LENGTH, false).optional(),
  /** The file an installer starts the app from. */
  main: rule(isBundlePath, METADATA_RULE.notBundlePath).optional(),
});

export type BundleMetadata = z.infer<typeof bundleMetadataSchema>;

/** One field's problem: `path` as `screenshots[2]`, `rule` an i18n key filled with `params`. */
export interface MetadataProblem {
  path: string;
  rule: string;
  params: Record<string, string | number>;
}

export type MetadataParse =
  { ok: true; metadata: BundleMetadata } | { ok: false; problems: MetadataProblem[] };

const formatPath = (path: readonly PropertyKey[]) =>
  path.map((step, i) => (typeof step === 'number' ? `[${step}]` : `${i ? '.' : ''}${String(step)}`)).join('');

const TYPE_RULE: Record<string, string> = { string: METADATA_RULE.notText, array: METADATA_RULE.notList };

function problemsOf(issue: z.core.$ZodIssue): MetadataProblem[] {
  const path = formatPath(issue.path);
  switch (issue.code) {
    case 'custom':
      return [{ path, rule: issue.message, params: (issue.params ?? {}) as MetadataProblem['params'] }];
    case 'invalid_type':
      // Without `input` the field was absent (zod reports the input only when there was one).
      if (!('input' in issue) || issue.input === undefined)
        return [{ path, rule: METADATA_RULE.required, params: {} }];
      return [{ path, rule: TYPE_RULE[issue.expected] ?? METADATA_RULE.invalid, params: {} }];
    case 'too_big':
      return [{ path, rule: METADATA_RULE.tooMany, params: { max: Number(issue.maximum) } }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: formatPath([...issue.path, key]),
        rule: METADATA_RULE.unknownField,
        params: {},
      }));
    default:
      return [{ path, rule: METADATA_RULE.invalid, params: {} }];
  }
}

/**
 * Checks kiosk.json's parsed JSON, answering every field's problem at once so the developer fixes
 * them in one round. The caller has made sure the JSON is an object (see check-release.ts).
 */
export function parseBundleMetadata(raw: unknown): MetadataParse {
  const parsed = bundleMetadataSchema.safeParse(raw, { reportInput: true });
  if (parsed.success) return { ok: true, metadata: parsed.data };
  return { ok: false, problems: parsed.error.issues.flatMap(problemsOf) };
}
