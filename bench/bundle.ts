/**
 * What a browser downloads first, from the web app's build manifest: an entry chunk and every chunk it
 * imports statically, gzipped (level 9) as a server would send them. Dynamic imports are left out:
 * they load later, if at all.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

interface ManifestChunk {
  file: string;
  imports?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, 'utf8'));
  } catch {
    throw new Error('the web app is not built: run `npm run build` first');
  }
}

const gzippedBytes = (file: string) => gzipSync(readFileSync(`${DIST}${file}`), { level: 9 }).length;

/**
 * Gzipped bytes of the chunks `entries` load at once (each counted once), with an English visitor's
 * messages: the page imports its language's chunk at once and the server announces it in the HTML.
 */
export function firstLoadBytes(entries: string[]): number {
  const manifest = readManifest();
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entries.forEach(visit);
  const messages = Object.keys(manifest).find((key) => key.endsWith('/i18n/first-load.en.ts'));
  if (!messages) throw new Error('the build manifest has no chunk of the English messages');
  visit(messages);
  return [...files].reduce((sum, file) => sum + gzippedBytes(file), 0);
}

/** The embeddable checkout's module as a host page loads it (its lazy chunks left out). */
export function embedEntryBytes(): number {
  return gzippedBytes('embed/checkout.js');
}
