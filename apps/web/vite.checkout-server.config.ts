import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { pageBuild } from './vite.config.ts';

/**
 * The hosted checkout's server renderer (src/checkout-server.tsx), built last into dist/.ssr/ as one
 * module with everything it imports, so that the server loads it without the web app's packages. A
 * dot folder: the server's static files never include it.
 */
const page = pageBuild({
  html: 'checkout.html',
  manifest: '.vite/checkout-server.manifest.json',
  emptyOutDir: false,
});

export default defineConfig({
  root: page.root,
  plugins: page.plugins,
  resolve: page.resolve,
  // As the page's own build: React's and MUI's production code, and the same style names as the page's.
  define: { ...page.define, 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: fileURLToPath(new URL('src/checkout-server.tsx', import.meta.url)),
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'checkout-server.mjs' } },
  },
});
