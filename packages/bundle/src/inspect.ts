import { SECRET_SCAN_MAX_CHARS, scanForSecrets, type SecretKind } from '@kiosk/core';
import { createReadStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  BUNDLE_MAX_BYTES,
  BUNDLE_ROOT,
  imageExtensionOf,
  isBundlePath,
  METADATA_FILE,
  METADATA_MAX_BYTES,
  SCREENSHOT_MAX_BYTES,
} from './metadata.ts';
import { APP_KEY_FILE } from './pack.ts';
import { formatBytes, problem, type BundleProblem } from './problems.ts';
import { checkSvg, SVG_RULE, type SvgFinding } from './svg-safety.ts';
import { StopReading, TarReader, type TarEntryHeader, type TarEntrySink } from './tar-reader.ts';

/**
 * Reads an uploaded bundle in one streamed pass, from its file or from its bytes as they arrive (the
 * store's upload route reads the request once), holding at most one file of it in memory at a time
 * (and only files small enough to scan): its metadata, its file list, the logo and screenshots
 * kiosk.json names, and what a secret scan finds in its text files. It judges only what the archive
 * itself gets wrong (entries outside `package/`, links, duplicates, limits); check-release.ts judges
 * the rest.
 */

/** A built web app has thousands of files, not tens of thousands; more is a mistake or an attack. */
export const BUNDLE_MAX_FILES = 20_000;
/** Gzip shrinks text about ten times; far more than that unpacked is a decompression bomb. */
export const BUNDLE_MAX_UNPACKED_BYTES = 10 * BUNDLE_MAX_BYTES;
// Enough for a PNG, JPEG or WebP signature and for an SVG's XML declaration and comments.
const IMAGE_HEAD_BYTES = 4096;
// zlib's output per turn of the event loop: its 16 KB default makes a trip to the thread pool, and a
// chunk for the tar reader, per 16 KB of a 50 MB bundle.
const UNZIP_CHUNK_BYTES = 256 * 1024;

export interface InspectOptions {
  /** Files over this many bytes are not scanned for secrets. */
  scanMaxBytes?: number;
  maxFiles?: number;
  maxUnpackedBytes?: number;
}

export type MetadataRead =
  | { found: true; json: Record<string, unknown> }
  | { found: false; reason: 'MISSING' | 'TOO_LARGE' | 'NOT_JSON' };

export type ImageKind = 'png' | 'jpg' | 'webp' | 'svg';

export interface BundleImage {
  path: string;
  size: number;
  /** What the bytes are, whatever the name says; undefined when they are no image we know. */
  kind: ImageKind | undefined;
  /** For an SVG, what it holds that could run script or load from elsewhere when shown. */
  unsafe?: SvgFinding;
}

/** A secret's place and kind; never the secret, nor the line around it (which may hold another). */
export interface SecretHit {
  file: string;
  line: number;
  column: number;
  kind: SecretKind;
}

export interface UnscannedFile {
  file: string;
  reason: 'binary' | 'tooLarge';
}

export interface BundleInspection {
  /** What the archive gets wrong, in the order met. */
  problems: BundleProblem[];
  /** False when reading stopped early (an unreadable archive or a limit): the rest is partial. */
  complete: boolean;
  metadata: MetadataRead;
  /** Files relative to `package/`, in archive order. */
  files: { path: string; size: number }[];
  unpackedBytes: number;
  /** The logo and screenshots kiosk.json names that are present; a missing one is left out. */
  logo: BundleImage | undefined;
  screenshots: BundleImage[];
  secrets: SecretHit[];
  unscanned: UnscannedFile[];
}

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/**
 * Text is told from binary the way git does: a NUL byte in the first 8000 bytes means binary. What
 * passes must then decode as UTF-8 (random bytes fail within a few bytes, so a short binary without
 * a NUL is caught too). Text in other encodings (Latin-1, UTF-16) counts as binary and is not
 * scanned: web apps are written in UTF-8.
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.subarray(0, 8000).includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// An SVG file opens with `<svg`, after an optional XML declaration, doctype and comments.
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;

export function sniffImage(head: Buffer): ImageKind | undefined {
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (SVG_START.test(head.toString('utf8'))) return 'svg';
  return undefined;
}

/** The entry's path inside `package/`, or undefined when it lies outside (or climbs out with `..`). */
function bundlePathOf(entryPath: string): string | undefined {
  const path = entryPath.startsWith('./') ? entryPath.slice(2) : entryPath;
  if (!path.startsWith(BUNDLE_ROOT)) return undefined;
  const inside = path.slice(BUNDLE_ROOT.length).replace(/\/$/, '');
  return inside === '' || isBundlePath(inside) ? inside : undefined;
}

function readMetadata(bytes: Buffer): MetadataRead {
  try {
    const json: unknown = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    if (json !== null && typeof json === 'object' && !Array.isArray(json))
      return { found: true, json: json as Record<string, unknown> };
  } catch {
    // not JSON: answered below
  }
  return { found: false, reason: 'NOT_JSON' };
}

/** One inspection under way: what it has found, what it allows, and whether it has answered. */
interface Reading {
  inspection: BundleInspection;
  images: Map<string, BundleImage>;
  seen: Set<string>;
  scanMaxBytes: number;
  maxFiles: number;
  maxUnpackedBytes: number;
  entries: number;
}

/**
 * Inspects the bundle in `source`: a file, or a stream of its gzip bytes. A stream is read to the end
 * unless a problem stops the reading first, and is then destroyed: its writer stops feeding it when
 * it closes.
 */
export async function inspectBundle(
  source: string | Readable,
  options: InspectOptions = {},
): Promise<BundleInspection> {
  const reading: Reading = {
    inspection: {
      problems: [],
      complete: true,
      metadata: { found: false, reason: 'MISSING' },
      files: [],
      unpackedBytes: 0,
      logo: undefined,
      screenshots: [],
      secrets: [],
      unscanned: [],
    },
    images: new Map(),
    seen: new Set(),
    scanMaxBytes: options.scanMaxBytes ?? SECRET_SCAN_MAX_CHARS,
    maxFiles: options.maxFiles ?? BUNDLE_MAX_FILES,
    maxUnpackedBytes: options.maxUnpackedBytes ?? BUNDLE_MAX_UNPACKED_BYTES,
    entries: 0,
  };
  const { inspection } = reading;
  try {
    await readArchive(typeof source === 'string' ? createReadStream(source) : source, reading);
  } catch (error) {
    const stopped =
      error instanceof StopReading
        ? error.problem
        : isZlibError(error)
          ? problem('BUNDLE_UNREADABLE')
          : undefined;
    if (!stopped) throw error;
    inspection.problems.push(stopped);
    inspection.complete = false;
  }
  if (reading.entries === 0 && inspection.problems.length === 0)
    inspection.problems.push(problem('BUNDLE_UNREADABLE'));
  pickImages(inspection, reading.images);
  return inspection;
}

/** An inspection fed a bundle's bytes by its caller as they arrive, instead of from a file. */
export interface InspectionFeed {
  /**
   * Takes the next bytes, in order; resolves once the inspection can take more. Bytes after a problem
   * has stopped the reading are dropped.
   */
  write(chunk: Buffer): Promise<void>;
  /** The bytes are over: the inspection of them. */
  end(): Promise<BundleInspection>;
  /** The bytes will not all come (the upload failed): stops the reading; `end` is not called. */
  abort(): void;
}

/** What a feed holds before its writer waits: zlib unzips about that much while the bytes arrive. */
const FEED_BUFFER_BYTES = 1024 * 1024;

/** inspectBundle of bytes pushed by the caller: one pass over an upload that also hashes and stores it. */
export function inspectionFeed(options: InspectOptions = {}): InspectionFeed {
  const input = new PassThrough({ highWaterMark: FEED_BUFFER_BYTES });
  const inspection = inspectBundle(input, options);
  // `end` answers it; after an abort nobody asks.
  inspection.catch(() => undefined);
  return {
    async write(chunk) {
      if (input.destroyed || input.write(chunk)) return;
      await new Promise<void>((resolve) => {
        const go = () => {
          input.off('drain', go);
          input.off('close', go);
          resolve();
        };
        input.on('drain', go);
        input.on('close', go);
      });
    },
    end() {
      if (!input.destroyed) input.end();
      return inspection;
    },
    abort() {
      input.destroy();
    },
  };
}

/**
 * Unzips the bytes and reads their tar, a chunk at a time with a turn of the event loop between
 * chunks (zlib works off the main thread): no bundle holds the server, whatever it unpacks to. Every
 * unzipped byte counts against the unpacked limit, headers, padding and what follows the end included.
 * The store unzips, not a tar library: a plain tar, or one compressed twice, is no bundle.
 */
async function readArchive(source: Readable, reading: Reading): Promise<void> {
  const tar = new TarReader((header) => {
    reading.entries++;
    const path = admitEntry(reading, header);
    return path === undefined ? undefined : entrySink(reading, header, path);
  });
  let unpacked = 0;
  // What stopped the reading: node's pipeline answers the streams' AbortError in its place.
  let stopped: unknown;
  try {
    await pipeline(
      source,
      createGunzip({ chunkSize: UNZIP_CHUNK_BYTES }),
      async (chunks: AsyncIterable<Buffer>) => {
        try {
          for await (const chunk of chunks) {
            unpacked += chunk.length;
            if (unpacked > reading.maxUnpackedBytes) throw tooLargeUnpacked(reading);
            tar.push(chunk);
          }
          tar.end();
        } catch (error) {
          stopped = error;
          throw error;
        }
      },
    );
  } catch (error) {
    throw stopped ?? error;
  }
}

/** Not gzip (a plain tar), cut off, or trailed by bytes that are not another gzip member. */
function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

const tooLargeUnpacked = (reading: Reading) =>
  new StopReading(problem('BUNDLE_UNPACKED_TOO_LARGE', { max: formatBytes(reading.maxUnpackedBytes) }));

/**
 * The entry's path inside `package/` when it is a file to read; otherwise undefined, with the problem
 * it has noted. Throws StopReading at a limit.
 */
function admitEntry(reading: Reading, entry: TarEntryHeader): string | undefined {
  const { inspection, seen, maxFiles, maxUnpackedBytes } = reading;
  // A reader without pax support unpacks to the header's own name: it must lie inside package/ too.
  if (entry.nameInHeader !== undefined && bundlePathOf(entry.nameInHeader) === undefined) {
    inspection.problems.push(problem('ENTRY_OUTSIDE_PACKAGE', { entry: entry.nameInHeader }));
    return undefined;
  }
  const path = bundlePathOf(entry.path);
  if (entry.type === 'Directory') {
    if (path === undefined) inspection.problems.push(problem('ENTRY_OUTSIDE_PACKAGE', { entry: entry.path }));
    return undefined;
  }
  if (!FILE_TYPES.has(entry.type)) {
    // Links and devices: an installer unpacking them could write or read outside the app.
    inspection.problems.push(problem('ENTRY_NOT_FILE', { entry: entry.path }));
    return undefined;
  }
  if (path === undefined || path === '') {
    inspection.problems.push(problem('ENTRY_OUTSIDE_PACKAGE', { entry: entry.path }));
    return undefined;
  }
  // Unpacking keeps the last of two entries with one path, so the checked one might not be it.
  if (seen.has(path)) {
    inspection.problems.push(problem('ENTRY_DUPLICATE', { entry: path }));
    return undefined;
  }
  seen.add(path);
  if (inspection.files.length >= maxFiles)
    throw new StopReading(problem('BUNDLE_TOO_MANY_FILES', { max: maxFiles }));
  // The header's size, before any byte of the file is read: a bomb is stopped at its first entry.
  inspection.unpackedBytes += entry.size;
  if (inspection.unpackedBytes > maxUnpackedBytes) throw tooLargeUnpacked(reading);
  inspection.files.push({ path, size: entry.size });
  return path;
}

/** Keeps what the entry's bytes are needed for (metadata, an image's head, a secret scan), if anything. */
function entrySink(reading: Reading, entry: TarEntryHeader, path: string): TarEntrySink | undefined {
  const { inspection, images, scanMaxBytes } = reading;
  const isMetadata = path === METADATA_FILE;
  const isImage = imageExtensionOf(path) !== undefined;
  if (path.split('/').pop() === APP_KEY_FILE)
    inspection.secrets.push({ file: path, line: 1, column: 1, kind: 'evmPrivateKey' });
  const isReadableMetadata = isMetadata && entry.size <= METADATA_MAX_BYTES;
  if (isMetadata && !isReadableMetadata) inspection.metadata = { found: false, reason: 'TOO_LARGE' };
  const scan = entry.size <= scanMaxBytes;
  if (!scan) inspection.unscanned.push({ file: path, reason: 'tooLarge' });
  // An SVG is read whole to be checked: no logo or screenshot may be larger than a screenshot.
  const isSvg = imageExtensionOf(path) === 'svg';
  const keep =
    scan || isReadableMetadata ? Infinity : isSvg ? SCREENSHOT_MAX_BYTES : isImage ? IMAGE_HEAD_BYTES : 0;
  if (keep === 0) return undefined;

  const chunks: Buffer[] = [];
  let kept = 0;
  return {
    data(chunk) {
      if (kept >= keep) return;
      const part = chunk.length > keep - kept ? chunk.subarray(0, keep - kept) : chunk;
      chunks.push(part);
      kept += part.length;
    },
    end() {
      const bytes = Buffer.concat(chunks);
      if (isImage) images.set(path, imageOf(path, entry.size, bytes));
      if (isReadableMetadata) inspection.metadata = readMetadata(bytes);
      if (!scan) return;
      const text = decodeText(bytes);
      if (text === undefined) return void inspection.unscanned.push({ file: path, reason: 'binary' });
      for (const finding of scanForSecrets(text, Math.max(scanMaxBytes, text.length)).findings)
        inspection.secrets.push({
          file: path,
          line: finding.line,
          column: finding.column,
          kind: finding.kind,
        });
    },
  };
}

/** An image's kind by its bytes and, for a whole SVG, what the store would not show of it. */
function imageOf(path: string, size: number, bytes: Buffer): BundleImage {
  const kind = sniffImage(bytes.subarray(0, IMAGE_HEAD_BYTES));
  if (kind !== 'svg' || bytes.length < size) return { path, size, kind };
  const text = decodeText(bytes);
  const unsafe = text === undefined ? { rule: SVG_RULE.malformed, detail: '' } : checkSvg(text);
  return unsafe ? { path, size, kind, unsafe } : { path, size, kind };
}

/** The logo and screenshots kiosk.json names, of those present. */
function pickImages(inspection: BundleInspection, images: Map<string, BundleImage>) {
  if (!inspection.metadata.found) return;
  const { logo, screenshots } = inspection.metadata.json;
  if (typeof logo === 'string') inspection.logo = images.get(logo);
  if (Array.isArray(screenshots))
    for (const path of screenshots) {
      const image = typeof path === 'string' ? images.get(path) : undefined;
      if (image) inspection.screenshots.push(image);
    }
}
