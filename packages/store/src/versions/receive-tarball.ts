import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  createIntegrityHash,
  formatBytes,
  inspectionFeed,
  integrityOfHash,
  type BundleInspection,
  type ReceivedBundle,
} from '@kiosk/bundle';
import type { ReceivedTarball } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';

/**
 * An upload's body, received to a temp file under the upload folder: a tarball is never held in
 * memory, and it is read once, as it arrives, by everything that needs its bytes (its size, its
 * integrity, its inspection); the storage then takes the file itself. Its JSON is its size and
 * integrity, so an Idempotency-Key fingerprint says "the same bytes", not "the same temp file".
 */
export class Tarball implements ReceivedTarball, ReceivedBundle {
  constructor(
    readonly file: string,
    readonly size: number,
    readonly integrity: string,
    /** The archive read in the same pass (checkReceivedRelease answers it, or drops it). */
    readonly inspection: Promise<BundleInspection>,
  ) {}

  toJSON() {
    return { size: this.size, integrity: this.integrity };
  }
}

function tooLarge(maxBytes: number): KioskError {
  return new KioskError('UPLOAD_TOO_LARGE', { status: 413, params: { max: formatBytes(maxBytes) } });
}

/** A declared Content-Length over `maxBytes` is refused from the headers, before a byte is read. */
export function refuseDeclaredTooLarge(request: IncomingMessage, maxBytes: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
}

/**
 * The upload file's write buffer: chunks that arrive while the disk writes wait here and go out
 * together, rather than the body pausing after every 64 KB chunk until its own write is done.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Receives `body` (the request's payload) into a new file of `dir` in one pass: each chunk is
 * counted, hashed, written and fed to the bundle's inspection as it arrives. Refuses more than
 * `maxBytes` with 413: at once when the declared Content-Length says so, without reading a byte;
 * otherwise as soon as the bytes run past it (a chunked body declares nothing), removing what was
 * written. A body the client abandons midway is removed too.
 */
export async function receiveTarball(
  request: IncomingMessage,
  body: Readable,
  options: { dir: string; maxBytes: number },
): Promise<Tarball> {
  refuseDeclaredTooLarge(request, options.maxBytes);

  await mkdir(options.dir, { recursive: true });
  const file = join(options.dir, `${randomUUID()}.tgz`);
  const hash = createIntegrityHash();
  const inspection = inspectionFeed();
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(tooLarge(options.maxBytes));
      hash.update(chunk);
      this.push(chunk);
      // The next chunk once the inspection has room for it (zlib unzips off the main thread).
      void inspection.write(chunk).then(() => callback());
    },
  });
  // `pipe`, not `pipeline`, from the request: a refusal unpipes the request without destroying it,
  // so the 413 still reaches the client (the route closes the connection after it).
  body.pipe(meter);
  body.once('error', (error) => meter.destroy(error));
  request.once('close', () => {
    if (!request.complete) meter.destroy(new KioskError('BAD_REQUEST', { params: { reason: 'aborted' } }));
  });
  try {
    await pipeline(meter, createWriteStream(file, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES }));
  } catch (error) {
    inspection.abort();
    body.unpipe(meter);
    await rm(file, { force: true });
    throw error;
  }
  return new Tarball(file, size, integrityOfHash(hash), inspection.end());
}

/** Removes a received tarball once its request is answered. */
export async function discardTarball(tarball: unknown): Promise<void> {
  if (tarball instanceof Tarball) await rm(tarball.file, { force: true });
}

/**
 * Removes uploads older than `olderThanMs` at `nowMs`: those of a process that crashed before
 * answering (every answered upload removes its own). Answers how many were removed.
 */
export async function removeAbandonedUploads(
  dir: string,
  nowMs: number,
  olderThanMs: number,
): Promise<number> {
  let removed = 0;
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const name of entries) {
    const path = join(dir, name);
    const stats = await stat(path).catch(() => undefined);
    if (stats?.isFile() && nowMs - stats.mtimeMs > olderThanMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
