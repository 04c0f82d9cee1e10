import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, lstat, mkdir, open, readdir, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertBundleKey,
  BundleStorageError,
  sha512Digest,
  verifyingStream,
  type BundleStorage,
  type ByteRange,
  type PutBundleOptions,
  type StoredBundle,
} from './bundle-storage.ts';

const TEMP_FILE = /^\..+\.tmp$/;

/**
 * Bundles as files under a root directory (the server passes `{KIOSK_DATA_DIR}/bundles`), one file
 * per key at the key's path: `apps/{did}/{version}/{name}-{version}.tgz`.
 *
 * A put writes a hidden temp file beside its target (`.{name}.{uuid}.tmp`, a name no key can have),
 * fsyncs it, then hard-links it into place and removes the temp name. The link is the commit: it is
 * atomic, and unlike rename it fails when the target exists, so two racing puts of one key cannot
 * both win and a published bundle is never replaced. The directory is fsynced after, so the new
 * name survives a crash too.
 */
export class FileBundleStorage implements BundleStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Readable, options: PutBundleOptions): Promise<void> {
    let target: string;
    try {
      target = this.pathOf(key);
      sha512Digest(options.integrity);
      // Fails fast before reading the body; the link below still decides a race.
      if (await this.head(key)) throw new BundleStorageError({ kind: 'exists', key });
    } catch (error) {
      body.destroy();
      throw error;
    }

    const directory = dirname(target);
    const temp = join(directory, `.${basename(target)}.${randomUUID()}.tmp`);
    try {
      await mkdir(directory, { recursive: true });
      // `flush` fsyncs the file before closing it, and the pipeline settles only once it is closed.
      await pipeline(body, verifyingStream(options), createWriteStream(temp, { flags: 'wx', flush: true }));
      await link(temp, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') throw new BundleStorageError({ kind: 'exists', key }, { cause: error });
        throw error;
      });
    } catch (error) {
      body.destroy();
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
    await syncDirectory(directory);
  }

  /**
   * Takes the caller's file itself: fsyncs it, then hard-links it into place beside the keys as put
   * does its temp file, so the bundle is neither read nor written again. Its size is checked against
   * `options` (a stat); its integrity is the caller's. A file on another disk than the root cannot
   * be linked: `put` copies it, verifying it on the way.
   */
  async putFile(key: string, file: string, options: PutBundleOptions): Promise<void> {
    const target = this.pathOf(key);
    sha512Digest(options.integrity);
    if (await this.head(key)) throw new BundleStorageError({ kind: 'exists', key });
    const handle = await open(file, 'r+');
    try {
      const { size } = await handle.stat();
      if (size !== options.size)
        throw new BundleStorageError({ kind: 'sizeMismatch', expected: options.size, received: size });
      await handle.sync();
    } finally {
      await handle.close();
    }
    const directory = dirname(target);
    await mkdir(directory, { recursive: true });
    try {
      await link(file, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new BundleStorageError({ kind: 'exists', key }, { cause: error });
      if (code === 'EXDEV') return this.put(key, createReadStream(file), options);
      throw error;
    }
    await syncDirectory(directory);
  }

  async head(key: string): Promise<StoredBundle | undefined> {
    const path = this.pathOf(key);
    const stats = await stat(path).catch(ifMissing(undefined));
    if (!stats?.isFile()) return undefined;
    return {
      size: stats.size,
      // nginx's form: changes whenever the file would, and needs no read of the content.
      etag: `"${Math.floor(stats.mtimeMs).toString(16)}-${stats.size.toString(16)}"`,
      lastModified: stats.mtime,
    };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR')
        throw new BundleStorageError({ kind: 'notFound', key }, { cause: error });
      throw error;
    });
    try {
      const { size } = await file.stat();
      if (range && !(Number.isSafeInteger(range.start) && range.start <= range.end && range.end < size)) {
        throw new RangeError(`bytes ${range.start}-${range.end} are not inside ${key} (${size} bytes)`);
      }
    } catch (error) {
      await file.close();
      throw error;
    }
    // The stream owns the handle from here and closes it when it ends or is destroyed.
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    // Emptied directories stay: removing them could race a put creating its version directory.
    await unlink(this.pathOf(key)).catch(ifMissing(undefined));
  }

  /**
   * Removes temp files older than `olderThanMs` at `nowMs`: those a crashed process left behind
   * (a failed put removes its own). Never visible as bundles, they only take space. Answers how
   * many were removed.
   */
  async removeAbandonedTempFiles(nowMs: number, olderThanMs: number): Promise<number> {
    let removed = 0;
    const visit = async (directory: string): Promise<void> => {
      const entries = await readdir(directory, { withFileTypes: true }).catch(ifMissing([]));
      for (const entry of entries) {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) await visit(path);
        else if (entry.isFile() && TEMP_FILE.test(entry.name)) {
          const stats = await lstat(path).catch(ifMissing(undefined));
          if (stats && nowMs - stats.mtimeMs > olderThanMs) {
            await rm(path, { force: true });
            removed += 1;
          }
        }
      }
    };
    await visit(this.root);
    return removed;
  }

  private pathOf(key: string): string {
    assertBundleKey(key);
    return join(this.root, ...key.split('/'));
  }
}

function ifMissing<T>(value: T): (error: NodeJS.ErrnoException) => T {
  return (error) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return value;
    throw error;
  };
}

/** Makes a new directory entry durable. Windows cannot open a directory for fsync; there it is skipped. */
async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error;
  } finally {
    await handle?.close();
  }
}
