import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Pages the web build gives an HTML entry of their own (apps/web/vite.config.ts `input`), by the path
 * prefix they serve. A buyer opening the hosted checkout from another site gets checkout.html, which
 * loads the checkout and the header without the store's router and screens; Vite names the entry's
 * chunks in it as `<link rel="modulepreload">`, so the browser fetches them beside the entry. Every
 * other page path gets index.html, the store.
 */
const PAGE_ENTRIES = [{ prefix: '/checkout/pay/', html: 'checkout.html' }] as const;

/**
 * Answers a function from a page path to the HTML of its own entry, or undefined where index.html
 * serves (no entry of its own there, or a build without it: the store's router shows every page).
 */
export function pageEntries(webDir: string): (path: string) => string | undefined {
  const pages = PAGE_ENTRIES.flatMap(({ prefix, html }) => {
    const file = join(webDir, html);
    return existsSync(file) ? [{ prefix, html: readFileSync(file, 'utf8') }] : [];
  });
  return (path) => pages.find((page) => path.startsWith(page.prefix))?.html;
}
