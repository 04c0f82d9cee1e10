import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '@kiosk/core';

/**
 * Pages the web app builds on their own (apps/web/vite.checkout.config.ts), by the path prefix they
 * serve. A buyer opening the hosted checkout from another site gets
 * checkout.html, which loads the checkout and the header without the store's router and screens; Vite
 * names the entry's chunks in it as `<link rel="modulepreload">`, so the browser fetches them beside
 * the entry. Every other page path gets index.html, the store (apps/web/vite.config.ts).
 */
const PAGE_ENTRIES = [{ prefix: '/checkout/pay/', html: 'checkout.html' }] as const;

/** Each page's build manifest in the build's `.vite/` (each page is built on its own). */
export const PAGE_MANIFESTS = {
  'index.html': 'manifest.json',
  'checkout.html': 'checkout.manifest.json',
} as const;

/**
 * The chunk of each language's first-load messages in the web build (its manifest names them by
 * source): a page loads only its visitor's language (apps/web/src/i18n.ts), by a dynamic import that
 * the page's HTML announces so that it arrives with the other first scripts, not after them.
 */
function messageChunks(webDir: string, manifestName: string): Partial<Record<Locale, string>> {
  const file = join(webDir, '.vite', manifestName);
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string }>;
  const chunks: Partial<Record<Locale, string>> = {};
  for (const [source, chunk] of Object.entries(manifest))
    for (const locale of LOCALES)
      if (source.endsWith(`/i18n/first-load.${locale}.ts`)) chunks[locale] = `/${chunk.file}`;
  return chunks;
}

/**
 * Answers a function from a page path and the visitor's language to the page's HTML: its own entry's
 * where it has one, else index.html (the store's router shows every page), with the language's
 * messages announced beside the page's scripts.
 */
export type PageHtml = (path: string, locale: Locale) => string;

export function pageEntries(webDir: string): PageHtml {
  const withMessages = (html: keyof typeof PAGE_MANIFESTS): Record<Locale, string> => {
    const page = readFileSync(join(webDir, html), 'utf8');
    const chunks = messageChunks(webDir, PAGE_MANIFESTS[html]);
    return Object.fromEntries(
      LOCALES.map((locale) => {
        const chunk = chunks[locale];
        const link = chunk ? `<link rel="modulepreload" crossorigin href="${chunk}">\n  ` : '';
        return [locale, page.replace('</head>', `${link}</head>`)];
      }),
    ) as Record<Locale, string>;
  };
  const store = withMessages('index.html');
  const pages = PAGE_ENTRIES.flatMap(({ prefix, html }) =>
    existsSync(join(webDir, html)) ? [{ prefix, html: withMessages(html) }] : [],
  );
  return (path, locale) => (pages.find((page) => path.startsWith(page.prefix))?.html ?? store)[locale];
}
