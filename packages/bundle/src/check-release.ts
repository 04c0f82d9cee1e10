import { checkNameSquatting, checkNewVersion } from '@kiosk/core';
import { stat } from 'node:fs/promises';
import { inspectBundle, type BundleImage, type BundleInspection, type InspectOptions } from './inspect.ts';
import { integrityOfFile } from './integrity.ts';
import { launchEntryOf } from './launch-entry.ts';
import {
  BUNDLE_MAX_BYTES,
  imageExtensionOf,
  isBundlePath,
  LOGO_MAX_BYTES,
  METADATA_MAX_BYTES,
  parseBundleMetadata,
  SCREENSHOT_MAX_BYTES,
  type BundleMetadata,
} from './metadata.ts';
import { formatBytes, problem, type BundleProblem } from './problems.ts';
import { verifyRelease, type SignedRelease } from './release-signature.ts';

/**
 * The publish-time checks of an uploaded bundle (issue 12 item 6), in a fixed order:
 *
 * 1. size, from the file system alone: an oversized upload is refused without reading it;
 * 2. integrity of the bytes against the release, and the release's signature by the app key: until
 *    both hold, the upload is not the one the app's key holder signed, and nothing found inside it is
 *    answered (checkRelease does not open it; an upload read as it arrives was inspected in the same
 *    pass that hashed it, and that inspection is dropped);
 * 3. the archive (readable, within its limits, only files under `package/`), kiosk.json's schema
 *    with each field's path, the release's DID, name and version against kiosk.json, the name and
 *    version rules that need the store's data (when the caller gives it), the logo and screenshots,
 *    and secrets. These are all answered together, so one upload shows the developer every fix.
 *
 * Which app the DID is, and whether the caller may publish it, is the caller's: this needs no
 * database.
 */
export interface ReleaseCheckInput {
  /** The uploaded tarball, already on disk (the route streams the upload there, capped at the limit). */
  file: string;
  release: SignedRelease;
  /** The store's setting; it can lower BUNDLE_MAX_BYTES, never raise it. */
  maxBytes?: number;
  /** The names of the store's other apps (not this app's own); given, a name too close to one is refused. */
  otherAppNames?: Iterable<string>;
  /** Every version of this app uploaded before, whatever became of it; given, the new one must be higher. */
  earlierVersions?: readonly string[];
  inspect?: InspectOptions;
}

export type ReleaseCheck =
  | {
      ok: true;
      metadata: BundleMetadata;
      integrity: string;
      size: number;
      /** It holds the page a launch opens (launchEntryOf): a web app the store can open. */
      launchable: boolean;
    }
  | { ok: false; problems: BundleProblem[] };

/**
 * A bundle read once as it arrived (the store's upload route): its size and integrity counted and
 * hashed on the way, and its inspection fed the same bytes (inspectionFeed).
 */
export interface ReceivedBundle {
  size: number;
  integrity: string;
  inspection: Promise<BundleInspection>;
}

export type ReceivedReleaseCheckInput = Omit<ReleaseCheckInput, 'file' | 'inspect'> & {
  received: ReceivedBundle;
};

const RELEASE_FIELDS = ['did', 'name', 'version'] as const;

/** The checks of a bundle on disk: its size from the file system, then its bytes read as needed. */
export async function checkRelease(input: ReleaseCheckInput): Promise<ReleaseCheck> {
  const { file } = input;
  const { size } = await stat(file);
  return judgeRelease(input, {
    size,
    integrity: () => integrityOfFile(file),
    inspection: () => inspectBundle(file, input.inspect),
  });
}

/** The same checks of a bundle read as it arrived: nothing is read again. */
export function checkReceivedRelease(input: ReceivedReleaseCheckInput): Promise<ReleaseCheck> {
  const { size, integrity, inspection } = input.received;
  return judgeRelease(input, { size, integrity: async () => integrity, inspection: () => inspection });
}

/** The bytes as the checks ask for them, each only once the steps before it have passed. */
interface BundleBytes {
  size: number;
  integrity(): Promise<string>;
  inspection(): Promise<BundleInspection>;
}

async function judgeRelease(
  input: Omit<ReleaseCheckInput, 'file'>,
  bytes: BundleBytes,
): Promise<ReleaseCheck> {
  const { release } = input;
  const { size } = bytes;
  const maxBytes = Math.min(input.maxBytes ?? BUNDLE_MAX_BYTES, BUNDLE_MAX_BYTES);
  if (size > maxBytes)
    return {
      ok: false,
      problems: [problem('BUNDLE_TOO_LARGE', { size: formatBytes(size), max: formatBytes(maxBytes) })],
    };

  const problems: BundleProblem[] = [];
  const integrity = await bytes.integrity();
  if (integrity !== release.integrity)
    problems.push(problem('INTEGRITY_MISMATCH', { expected: String(release.integrity), actual: integrity }));
  const verdict = await verifyRelease(release);
  if (!verdict.ok) {
    if (verdict.reason === 'MALFORMED_RELEASE')
      problems.push(problem('RELEASE_MALFORMED', { field: verdict.field }));
    else if (verdict.reason === 'BAD_SIGNATURE') problems.push(problem('BAD_SIGNATURE'));
    else problems.push(problem('WRONG_SIGNER', { did: release.did, signer: verdict.signer }));
  }
  if (problems.length > 0) return { ok: false, problems };

  const inspection = await bytes.inspection();
  problems.push(...inspection.problems);
  if (!inspection.complete) return { ok: false, problems };

  const metadata = checkMetadata(inspection, problems);
  if (inspection.metadata.found) {
    const json = inspection.metadata.json;
    for (const field of RELEASE_FIELDS) {
      const value = json[field];
      if (typeof value === 'string' && value !== release[field])
        problems.push(problem('RELEASE_MISMATCH', { field, release: release[field], metadata: value }));
    }
  }
  if (input.otherAppNames) {
    const squat = checkNameSquatting(release.name, input.otherAppNames);
    if (squat) problems.push(problem('NAME_TOO_CLOSE', { existing: String(squat.params?.existing) }));
  }
  if (input.earlierVersions) {
    const order = checkNewVersion(release.version, input.earlierVersions);
    if (order)
      problems.push(
        problem('VERSION_NOT_INCREASING', { version: release.version, latest: String(order.params?.latest) }),
      );
  }
  checkImages(inspection, problems);
  for (const secret of inspection.secrets) problems.push(problem('SECRET_FOUND', { ...secret }));

  if (problems.length > 0 || !metadata) return { ok: false, problems };
  const entry = launchEntryOf(metadata);
  const launchable = inspection.files.some((found) => found.path === entry);
  return { ok: true, metadata, integrity, size, launchable };
}

function checkMetadata(inspection: BundleInspection, problems: BundleProblem[]): BundleMetadata | undefined {
  const read = inspection.metadata;
  if (!read.found) {
    problems.push(problem(`METADATA_${read.reason}`, { max: formatBytes(METADATA_MAX_BYTES) }));
    return undefined;
  }
  const parsed = parseBundleMetadata(read.json);
  if (parsed.ok) return parsed.metadata;
  for (const { path, rule, params } of parsed.problems)
    problems.push(problem('METADATA_INVALID', { ...params, path, rule }));
  return undefined;
}

type ImageRole = 'LOGO' | 'SCREENSHOT';

/** Paths kiosk.json names as images; a path that is no image path is the schema's problem, not this one. */
function namedImages(json: Record<string, unknown>): { role: ImageRole; path: string }[] {
  const named: { role: ImageRole; path: string }[] = [];
  const isImagePath = (value: unknown): value is string =>
    typeof value === 'string' && isBundlePath(value) && imageExtensionOf(value) !== undefined;
  if (isImagePath(json.logo)) named.push({ role: 'LOGO', path: json.logo });
  if (Array.isArray(json.screenshots))
    for (const path of json.screenshots) if (isImagePath(path)) named.push({ role: 'SCREENSHOT', path });
  return named;
}

const MAX_BYTES: Record<ImageRole, number> = { LOGO: LOGO_MAX_BYTES, SCREENSHOT: SCREENSHOT_MAX_BYTES };

function checkImages(inspection: BundleInspection, problems: BundleProblem[]) {
  if (!inspection.metadata.found) return;
  const present = new Map<string, BundleImage>(
    [inspection.logo, ...inspection.screenshots].flatMap((image) => (image ? [[image.path, image]] : [])),
  );
  for (const { role, path } of namedImages(inspection.metadata.json)) {
    const image = present.get(path);
    const extension = imageExtensionOf(path)!;
    const kind = extension === 'jpeg' ? 'jpg' : extension;
    if (!image) problems.push(problem(`${role}_MISSING`, { path }));
    else if (image.size > MAX_BYTES[role])
      problems.push(
        problem(`${role}_TOO_LARGE`, {
          path,
          size: formatBytes(image.size),
          max: formatBytes(MAX_BYTES[role]),
        }),
      );
    else if (image.kind !== kind)
      problems.push(problem(`${role}_NOT_IMAGE`, { path, type: kind.toUpperCase() }));
    else if (image.unsafe)
      problems.push(
        problem(`${role}_UNSAFE_SVG`, { path, rule: image.unsafe.rule, detail: image.unsafe.detail }),
      );
  }
}
