/**
 * What a browser downloads first, from each page's build manifest (test/browser/first-load.ts),
 * gzipped (level 9) as a server would send them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  embedFirstLoadFiles,
  firstLoadFiles,
  pageManifest,
  type WebPage,
} from '../test/browser/first-load.ts';

const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

const gzippedBytes = (file: string) => gzipSync(readFileSync(`${DIST}${file}`), { level: 9 }).length;

/** Gzipped bytes of the scripts `page` loads before it can render, with an English visitor's messages. */
export function firstLoadBytes(page: WebPage): number {
  return firstLoadFiles(DIST, page).reduce((sum, file) => sum + gzippedBytes(file), 0);
}

/**
 * What a host page loads of the embeddable checkout before it renders: the module and the chunks it
 * imports statically (its lazy chunks left out), each gzipped as its own file.
 */
export function embedFirstLoadBytes(): number {
  return embedFirstLoadFiles(DIST).reduce((sum, file) => sum + gzippedBytes(`embed/${file}`), 0);
}

/**
 * Gzipped bytes a page loads only for the module whose source path ends with `source` (a dynamic
 * import: the card form, when a card is chosen): the chunks it reaches that no other module of the
 * page reaches, so what every checkout loads anyway (its first load, its form) is not counted.
 */
export function lazyBytes(page: WebPage, source: string): number {
  const manifest = pageManifest(DIST, page);
  const key = Object.keys(manifest).find((name) => name.endsWith(source));
  if (!key) throw new Error(`${source} is not in the build manifest of ${page}`);
  const reach = (from: string, files = new Set<string>()) => {
    const chunk = manifest[from]!;
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    chunk.imports?.forEach((name) => reach(name, files));
    return files;
  };
  const own = reach(key);
  const shared = new Set(firstLoadFiles(DIST, page));
  for (const name of Object.keys(manifest))
    if (!own.has(manifest[name]!.file)) for (const file of reach(name)) shared.add(file);
  return [...own].filter((file) => !shared.has(file)).reduce((sum, file) => sum + gzippedBytes(file), 0);
}
