import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preactAliases } from './preact-aliases.ts';

/*
 * Two pages, each built on its own into dist/: the store (index.html: every screen, behind the
 * router; this file) and the hosted checkout (checkout.html, vite.checkout.config.ts), which buyers
 * reach from other sites and which the server sends for /checkout/pay/. Built apart, neither page's
 * chunks are cut to suit the other's screens.
 */

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const KIOSK_PACKAGES = /[\\/]packages[\\/](core|sdk)[\\/]src[\\/]/;

// The dev server forwards API calls to `kiosk serve`, so the app runs on one origin as in production.
const apiTarget = `http://127.0.0.1:${process.env.KIOSK_API_PORT || '3000'}`;

// Error reports name the build they come from: @kiosk/web's version (the root package has none).
const webVersion = (
  JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string }
).version;

type ChunkGroup = { name: string; test: (id: string) => boolean; tags?: '$initial'[] };

interface Page {
  html: 'index.html' | 'checkout.html';
  /** Where in dist/ its manifest goes: the server and `npm run bench` read what the page loads first. */
  manifest: string;
  /** The first page's build empties dist/; the next one adds to it. */
  emptyOutDir: boolean;
  groups?: ChunkGroup[];
}

export function pageBuild(page: Page): UserConfig {
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    resolve: { alias: preactAliases },
    define: { __KIOSK_WEB_VERSION__: JSON.stringify(webVersion) },
    build: {
      outDir: 'dist',
      emptyOutDir: page.emptyOutDir,
      manifest: page.manifest,
      rollupOptions: {
        input: { [page.html.replace('.html', '')]: fileURLToPath(new URL(page.html, import.meta.url)) },
        onwarn(warning, warn) {
          // react-router uses React 19's useOptimistic where there is one and falls back where, as on
          // Preact, there is not.
          if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
          warn(warning);
        },
        output: {
          codeSplitting: {
            groups: [
              {
                // What the page loads at once from the libraries, in one file rather than the dozens
                // of small ones the lazy screens' sharing would cut it into: on a phone's slow network
                // each file waits its own round trip behind the browser's six connections.
                name: 'vendor',
                test: (id) => NODE_MODULES.test(id),
                tags: ['$initial'],
              },
              {
                // The same for Kiosk's own shared code (core's rules and text, the SDK) that the page
                // loads at once. The React kit stays split: grouped, it weighs 34 KB more.
                name: 'kiosk',
                test: (id) => KIOSK_PACKAGES.test(id),
                tags: ['$initial'],
              },
              ...(page.groups ?? []),
            ],
          },
        },
      },
    },
  };
}

export default defineConfig({
  ...pageBuild({ html: 'index.html', manifest: '.vite/manifest.json', emptyOutDir: true }),
  server: {
    proxy: {
      // ws: the realtime endpoint lives under /api too.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/metrics': { target: apiTarget },
    },
  },
});
