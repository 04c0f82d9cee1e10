import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { Locale } from '@kiosk/core';
import { PAGE_MANIFESTS } from '@kiosk/server';

/** A page of the web build: each is built on its own, with its own manifest (apps/web/vite*.config.ts). */
export type WebPage = keyof typeof PAGE_MANIFESTS;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The manifest of the build that made `page`, keyed by source (or by chunk name, for a group). */
export function pageManifest(webDir: string, page: WebPage): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(join(webDir, '.vite', PAGE_MANIFESTS[page]), 'utf8'));
  } catch {
    throw new Error(`the web app is not built at ${webDir}: run \`npm run build\` first`);
  }
}

/**
 * The scripts `page` loads before it can render: its entry chunk, every chunk it imports statically,
 * and its visitor's language's messages (imported at once, and announced in the HTML by the server).
 * Dynamic imports are left out: they load later, if at all.
 */
export function firstLoadFiles(webDir: string, page: WebPage, locale: Locale = 'en'): string[] {
  const manifest = pageManifest(webDir, page);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest of ${page}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(page);
  const messages = Object.keys(manifest).find((key) => key.endsWith(`/i18n/first-load.${locale}.ts`));
  if (!messages) throw new Error(`the build manifest of ${page} has no chunk of the ${locale} messages`);
  visit(messages);
  return [...files];
}

/**
 * The files of `/embed/checkout.js` a host page loads before it renders (paths under the build's
 * `embed/`): the module and the chunks it imports statically, found in the minified text
 * (`from"./x.js"`, `import"./x.js"`); a dynamic `import("./x.js")` loads later, if at all.
 */
export function embedFirstLoadFiles(webDir: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(join(webDir, 'embed', file), 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
      visit(posix.join(posix.dirname(file), match[1]!));
  };
  visit('checkout.js');
  return [...files];
}
