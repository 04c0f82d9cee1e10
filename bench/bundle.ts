/**
 * What a browser downloads first, from each page's build manifest (test/browser/first-load.ts),
 * gzipped (level 9) as a server would send them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstLoadFiles, type WebPage } from '../test/browser/first-load.ts';

const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

const gzippedBytes = (file: string) => gzipSync(readFileSync(`${DIST}${file}`), { level: 9 }).length;

/** Gzipped bytes of the scripts `page` loads before it can render, with an English visitor's messages. */
export function firstLoadBytes(page: WebPage): number {
  return firstLoadFiles(DIST, page).reduce((sum, file) => sum + gzippedBytes(file), 0);
}

/** The embeddable checkout's module as a host page loads it (its lazy chunks left out). */
export function embedEntryBytes(): number {
  return gzippedBytes('embed/checkout.js');
}
