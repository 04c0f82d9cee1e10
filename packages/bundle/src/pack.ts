import { createWriteStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create } from 'tar';
import { createIntegrityHash, integrityOfHash } from './integrity.ts';
import { BUNDLE_ROOT, METADATA_FILE } from './metadata.ts';

/**
 * Packs an app's folder into a bundle: a gzip tarball with every file under `package/` (npm-pack
 * layout), hashed while it is written so the CLI can sign the integrity without reading it again.
 * The same folder always packs to the same bytes (fixed times, no owners, sorted names), so a
 * developer can repack and compare integrities.
 */

/** The app's private key, written by `kiosk keygen` beside kiosk.json; it must never ship. */
export const APP_KEY_FILE = '.kiosk-app-key';

// npm's fixed date for packed files (1985-10-26T08:15:00Z): times would otherwise change the bytes.
const PACK_TIME = new Date(499162500000);

export type SkipReason =
  /** node_modules (installed, not shipped), .git (history), .env* and the app key (secrets). */
  | 'ignored'
  /** A symbolic link could point outside the folder; the store refuses links in a bundle. */
  | 'link'
  /** A socket, FIFO or device. */
  | 'special'
  /** The tarball being written, when it is written inside the folder. */
  | 'output';

export interface SkippedPath {
  path: string;
  reason: SkipReason;
}

export interface PackProgress {
  file: string;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface PackOptions {
  onProgress?: (progress: PackProgress) => void;
}

export interface PackedBundle {
  /** Bytes of the tarball. */
  size: number;
  integrity: string;
  /** Packed files relative to the folder (and to `package/` in the tarball), in tarball order. */
  files: string[];
  /** What was left out; a skipped folder is listed once, not file by file. */
  skipped: SkippedPath[];
}

function isIgnored(name: string): boolean {
  return name === 'node_modules' || name === '.git' || name.startsWith('.env') || name === APP_KEY_FILE;
}

interface FolderListing {
  files: { path: string; size: number }[];
  skipped: SkippedPath[];
}

async function listFolder(root: string, outputFile: string | undefined): Promise<FolderListing> {
  const listing: FolderListing = { files: [], skipped: [] };
  async function visit(dir: string, prefix: string) {
    const entries = await readdir(dir, { withFileTypes: true });
    // Code-unit order, not the locale's: the same folder packs the same way on every machine.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = prefix + entry.name;
      const absolute = join(dir, entry.name);
      if (isIgnored(entry.name)) listing.skipped.push({ path, reason: 'ignored' });
      else if (absolute === outputFile) listing.skipped.push({ path, reason: 'output' });
      else if (entry.isSymbolicLink()) listing.skipped.push({ path, reason: 'link' });
      else if (entry.isDirectory()) await visit(absolute, `${path}/`);
      else if (entry.isFile()) listing.files.push({ path, size: (await lstat(absolute)).size });
      else listing.skipped.push({ path, reason: 'special' });
    }
  }
  await visit(root, '');
  if (!listing.files.some((file) => file.path === METADATA_FILE))
    throw new Error(
      `${METADATA_FILE} not found in ${root}: a bundle's folder has its metadata file at its root`,
    );
  return listing;
}

function tarballOf(dir: string, listing: FolderListing, options: PackOptions) {
  const bytesTotal = listing.files.reduce((sum, file) => sum + file.size, 0);
  let filesDone = 0;
  let bytesDone = 0;
  return create(
    {
      gzip: true,
      cwd: dir,
      prefix: BUNDLE_ROOT.slice(0, -1),
      portable: true,
      mtime: PACK_TIME,
      noDirRecurse: true,
      // Entries are created in the order given, so the n-th one is the n-th file.
      onWriteEntry: () => {
        const file = listing.files[filesDone];
        if (!file) return;
        filesDone++;
        bytesDone += file.size;
        options.onProgress?.({
          file: file.path,
          filesDone,
          filesTotal: listing.files.length,
          bytesDone,
          bytesTotal,
        });
      },
    },
    listing.files.map((file) => file.path),
  );
}

/** Packs `dir` into the file `to` (created or replaced). */
export async function packBundleToFile(
  dir: string,
  to: string,
  options: PackOptions = {},
): Promise<PackedBundle & { file: string }> {
  const root = resolve(dir);
  const file = resolve(to);
  const inside = !relative(root, file).startsWith(`..${sep}`);
  const listing = await listFolder(root, inside ? file : undefined);
  const hash = createIntegrityHash();
  let size = 0;
  await pipeline(
    tarballOf(root, listing, options),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(file),
  );
  return {
    file,
    size,
    integrity: integrityOfHash(hash),
    files: listing.files.map((f) => f.path),
    skipped: listing.skipped,
  };
}

/** Packs `dir` in memory (small bundles, tests). */
export async function packBundle(
  dir: string,
  options: PackOptions = {},
): Promise<PackedBundle & { bytes: Buffer }> {
  const root = resolve(dir);
  const listing = await listFolder(root, undefined);
  const chunks: Buffer[] = [];
  for await (const chunk of tarballOf(root, listing, options)) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const integrity = integrityOfHash(createIntegrityHash().update(bytes));
  return {
    bytes,
    size: bytes.length,
    integrity,
    files: listing.files.map((f) => f.path),
    skipped: listing.skipped,
  };
}
