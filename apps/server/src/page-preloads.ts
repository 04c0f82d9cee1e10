import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A page the app loads lazily, and the build-manifest key of its chunk. A browser learns of a lazy
 * chunk only once the entry has run: on a phone's slow network that is a second round of requests
 * after the first. Naming the page's chunks in its HTML lets the browser fetch them beside the entry.
 */
const LAZY_PAGES = [{ prefix: '/checkout/', chunk: 'src/pages/CheckoutPage.tsx' }] as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The files `key` loads at once: its own and every static import's, each once. */
function chunkFiles(manifest: Record<string, ManifestChunk>, key: string, files = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
  return files;
}

/**
 * index.html as each lazy page should get it, with `<link rel="modulepreload">` for the chunks the
 * entry does not already name. Answers a function from a page path to its HTML, or undefined where
 * plain index.html serves (no lazy page there, or a build without a manifest).
 */
export function pagePreloads(webDir: string): (path: string) => string | undefined {
  const manifestPath = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const index = readFileSync(join(webDir, 'index.html'), 'utf8');
  const pages = LAZY_PAGES.map(({ prefix, chunk }) => {
    const links = [...chunkFiles(manifest, chunk)]
      .filter((file) => !index.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    return { prefix, html: index.replace('</head>', `${links.join('')}</head>`) };
  });
  return (path) => pages.find((page) => path.startsWith(page.prefix))?.html;
}
