import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preactAliases } from './preact-aliases.ts';

// Two pages: the store (every screen, behind the router) and the hosted checkout, which buyers reach
// from other sites and which loads only what it shows (the server sends it for /checkout/pay/).
const pages = {
  index: fileURLToPath(new URL('index.html', import.meta.url)),
  checkout: fileURLToPath(new URL('checkout.html', import.meta.url)),
};

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const KIOSK_PACKAGES = /[\\/]packages[\\/](core|sdk)[\\/]src[\\/]/;
const PAGE_OWN_LIBRARIES = /[\\/]node_modules[\\/](react-router|react-hook-form)[\\/]/;

// The dev server forwards API calls to `kiosk serve`, so the app runs on one origin as in production.
const apiTarget = `http://127.0.0.1:${process.env.KIOSK_API_PORT || '3000'}`;

// Error reports name the build they come from: @kiosk/web's version (the root package has none).
const webVersion = (
  JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: preactAliases },
  define: { __KIOSK_WEB_VERSION__: JSON.stringify(webVersion) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lets `npm run bench` measure what a page loads first.
    manifest: true,
    rollupOptions: {
      input: pages,
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
              // What the pages load at once from the libraries, in one file rather than the dozens of
              // small ones the lazy screens' sharing would cut it into: on a phone's slow network each
              // file waits its own round trip behind the browser's six connections. It holds what
              // either page loads first (a few components only the other shows ride along); the router
              // (only the store's) and the form library (only the checkout's) stay with their page.
              name: 'vendor',
              test: (id) => NODE_MODULES.test(id) && !PAGE_OWN_LIBRARIES.test(id),
              tags: ['$initial'],
            },
            {
              // The same for Kiosk's own shared code (core's rules and text, the SDK) that a page loads
              // at once: one file, not one per module the lazy screens share (19 files for the
              // checkout without it). The React kit stays split: grouped, it weighs 34 KB more.
              name: 'kiosk',
              test: (id) => KIOSK_PACKAGES.test(id),
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // ws: the realtime endpoint lives under /api too.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/metrics': { target: apiTarget },
    },
  },
});
