import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { TarReader, type TarEntrySink } from './tar-reader.ts';

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const PREFIX = 'package/';

/**
 * Writes the files of a bundle the store has checked (its layout, paths and limits: docs/store.md
 * "What the store checks") under `dir`, each at its path inside `package/`; answers their paths.
 * Anything else (a directory entry, a path outside `dir`) is skipped, never written: a check missed
 * still writes nothing outside the folder.
 */
export async function unpackBundle(source: Readable, dir: string): Promise<string[]> {
  const written: string[] = [];
  let open: number | undefined;
  const tar = new TarReader((header): TarEntrySink | undefined => {
    if (!FILE_TYPES.has(header.type) || !header.path.startsWith(PREFIX)) return undefined;
    const path = header.path.slice(PREFIX.length);
    const target = join(dir, path);
    const inside = relative(dir, target);
    if (!inside || inside.startsWith('..') || inside.split(sep).includes('..')) return undefined;
    mkdirSync(dirname(target), { recursive: true });
    const fd = openSync(target, 'wx');
    open = fd;
    written.push(path);
    return {
      data: (chunk) => void writeSync(fd, chunk),
      end: () => {
        open = undefined;
        closeSync(fd);
      },
    };
  });
  try {
    await pipeline(source, createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) tar.push(chunk);
      tar.end();
    });
  } finally {
    if (open !== undefined) closeSync(open);
  }
  return written;
}
