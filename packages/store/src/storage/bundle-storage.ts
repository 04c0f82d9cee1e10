import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { KioskError } from '@kiosk/core';
import { outsideTransactionsOnly } from '@kiosk/db';

/**
 * Where app bundles live (issue 12 item 2). Callers speak in keys, never paths, so that the default
 * files under `KIOSK_DATA_DIR` and an S3-compatible bucket are interchangeable: a key is what an
 * object store calls a key, and the file implementation maps it to a path under its root.
 *
 * A published version's bundle never changes (its integrity is signed), so there is no overwrite:
 * `put` of an existing key is refused, and `put` is all-or-nothing, whatever the body stream does.
 */
export interface BundleStorage {
  /**
   * Stores the whole body under `key`, or nothing: a body that errors, ends early, runs past `size`
   * or does not hash to `integrity` leaves no object behind. Consumes the body, or destroys it when
   * refusing before reading. Refuses an existing key with `BundleStorageError` (`exists`).
   */
  put(key: string, body: Readable, options: PutBundleOptions): Promise<void>;
  /**
   * Optional: stores a local file the caller has just written (an upload received to disk) without
   * reading it again, where the storage can take the file itself (files on the same disk are linked
   * into place). `options` are the file's own, counted and hashed as it was written: they are
   * trusted, not checked again. All-or-nothing and `exists` as `put`; the file keeps its own name
   * (the caller removes it) and must not change after. `putBundleFile` falls back to `put`.
   */
  putFile?(key: string, file: string, options: PutBundleOptions): Promise<void>;
  /** What is stored under `key`, or undefined when nothing is. */
  head(key: string): Promise<StoredBundle | undefined>;
  /**
   * A stream of exactly the bytes of `range` (the whole object without one); a missing key throws
   * `BundleStorageError` (`notFound`) before any byte is read.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; deleting a key that holds nothing is not an error (as in S3). */
  delete(key: string): Promise<void>;
}

export interface PutBundleOptions {
  /** The exact length of the body in bytes. */
  size: number;
  /** Kept by object stores and served by them (presigned downloads); files are always served as gzip. */
  contentType: string;
  /** The bundle's sha512 integrity in Subresource Integrity form: `sha512-<base64 digest>`. */
  integrity: string;
}

export interface StoredBundle {
  size: number;
  /**
   * The storage's own opaque version tag (S3's ETag, a file's size and mtime). Downloads do not use
   * it: their ETag comes from the version's integrity, so it survives a move between storages.
   */
  etag: string;
  lastModified: Date;
}

/** Inclusive at both ends, as HTTP's Range, S3's GetObject Range and fs.createReadStream take it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The storage as the store uses it: storage is outside I/O, so every call refuses to run inside a
 * database transaction (judge, store, then write the rows that name it).
 */
export const outsideTransactions = (storage: BundleStorage): BundleStorage =>
  outsideTransactionsOnly(storage, ['put', 'putFile', 'head', 'get', 'delete'], 'bundle storage');

/** Stores the local file `file` under `key`: taken as it is where the storage can, else streamed to `put`. */
export function putBundleFile(
  storage: BundleStorage,
  key: string,
  file: string,
  options: PutBundleOptions,
): Promise<void> {
  return storage.putFile
    ? storage.putFile(key, file, options)
    : storage.put(key, createReadStream(file), options);
}

// Keys -------------------------------------------------------------------------------------------

/** S3's limit on a key's length (bytes of UTF-8; keys here are ASCII). */
export const MAX_BUNDLE_KEY_LENGTH = 1024;

// Letters, digits and what DIDs (`did:pkh:eip155:1:0x…`) and semver (`1.0.0-rc.1+build.5`) need;
// nothing a shell, a URL or a file system reads specially.
const SEGMENT = /^[A-Za-z0-9_:+-][A-Za-z0-9._:+-]*$/;

export type BundleKeyProblem = 'empty' | 'tooLong' | 'absolute' | 'emptySegment' | 'dotSegment' | 'character';

/**
 * Why `key` may not name a bundle, or undefined when it may. Every implementation checks its keys
 * with this before touching storage. A segment may not start with '.', which refuses `.` and `..`
 * (no way out of the root) and keeps hidden names, such as the file storage's temp files, apart
 * from keys.
 */
export function bundleKeyProblem(key: string): BundleKeyProblem | undefined {
  if (key === '') return 'empty';
  if (key.length > MAX_BUNDLE_KEY_LENGTH) return 'tooLong';
  if (key.startsWith('/') || key.startsWith('\\') || /^[A-Za-z]:/.test(key)) return 'absolute';
  for (const segment of key.split('/')) {
    if (segment === '') return 'emptySegment';
    if (segment.startsWith('.')) return 'dotSegment';
    if (!SEGMENT.test(segment)) return 'character';
  }
  return undefined;
}

export function assertBundleKey(key: string): void {
  const reason = bundleKeyProblem(key);
  if (reason) throw new BundleStorageError({ kind: 'invalidKey', key, reason });
}

/**
 * The key of an upload's bundle: `apps/{did}/{version}/{upload}/{name}-{version}.tgz`, where `upload`
 * is the version's id, so two uploads of one version never write one object.
 */
export function bundleKey(app: { did: string; version: string; name: string; upload: string }): string {
  const key = `apps/${app.did}/${app.version}/${app.upload}/${app.name}-${app.version}.tgz`;
  assertBundleKey(key);
  return key;
}

// Errors -----------------------------------------------------------------------------------------

export type BundleStorageProblem =
  | { kind: 'invalidKey'; key: string; reason: BundleKeyProblem }
  | { kind: 'exists'; key: string }
  | { kind: 'notFound'; key: string }
  | { kind: 'invalidIntegrity'; integrity: string }
  | { kind: 'sizeMismatch'; expected: number; received: number }
  | { kind: 'integrityMismatch'; expected: string; received: string };

const ERROR_BY_KIND: Record<BundleStorageProblem['kind'], { code: string; status: number }> = {
  invalidKey: { code: 'BUNDLE_KEY_INVALID', status: 400 },
  exists: { code: 'BUNDLE_EXISTS', status: 409 },
  notFound: { code: 'NOT_FOUND', status: 404 },
  invalidIntegrity: { code: 'BUNDLE_INTEGRITY_INVALID', status: 400 },
  sizeMismatch: { code: 'BUNDLE_SIZE_MISMATCH', status: 400 },
  integrityMismatch: { code: 'BUNDLE_INTEGRITY_MISMATCH', status: 400 },
};

/** A refusal of the storage, as a coded Kiosk error that also carries the decision as a value. */
export class BundleStorageError extends KioskError {
  readonly problem: BundleStorageProblem;

  constructor(problem: BundleStorageProblem, options: { cause?: unknown } = {}) {
    const { code, status } = ERROR_BY_KIND[problem.kind];
    const params = Object.fromEntries(Object.entries(problem).filter(([name]) => name !== 'kind')) as Record<
      string,
      string | number
    >;
    super(code, { status, params, cause: options.cause });
    this.problem = problem;
  }
}

export function isBundleStorageError(
  error: unknown,
  kind?: BundleStorageProblem['kind'],
): error is BundleStorageError {
  return error instanceof BundleStorageError && (kind === undefined || error.problem.kind === kind);
}

// Verifying a body -------------------------------------------------------------------------------

const SRI_SHA512 = /^sha512-([A-Za-z0-9+/]{86}==)$/;

/** The base64 sha512 digest of an SRI integrity string; refuses anything but one sha512 hash. */
export function sha512Digest(integrity: string): string {
  const match = SRI_SHA512.exec(integrity);
  if (!match) throw new BundleStorageError({ kind: 'invalidIntegrity', integrity });
  return match[1]!;
}

/**
 * A pass-through for `put` implementations: it counts and hashes the body, fails as soon as the
 * body runs past `size`, and holds back the last chunk until the end has been checked. So a wrong
 * body never delivers its final byte downstream: an object-store PUT with a Content-Length never
 * completes, and a temp file is never renamed into place.
 */
export function verifyingStream(expected: { size: number; integrity: string }): Transform {
  const digest = sha512Digest(expected.integrity);
  const hash = createHash('sha512');
  let received = 0;
  let heldBack: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      received += chunk.length;
      if (received > expected.size) {
        callback(new BundleStorageError({ kind: 'sizeMismatch', expected: expected.size, received }));
        return;
      }
      hash.update(chunk);
      if (heldBack) this.push(heldBack);
      heldBack = chunk;
      callback();
    },
    flush(callback: TransformCallback) {
      if (received !== expected.size) {
        callback(new BundleStorageError({ kind: 'sizeMismatch', expected: expected.size, received }));
        return;
      }
      const actual = hash.digest('base64');
      if (actual !== digest) {
        callback(
          new BundleStorageError({
            kind: 'integrityMismatch',
            expected: expected.integrity,
            received: `sha512-${actual}`,
          }),
        );
        return;
      }
      callback(null, heldBack);
    },
  });
}
