import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The checkout for pages on other origins: an ES module with its own React, served at
 * `/embed/checkout.js`. Code a buyer may never need (phone numbers, the wallet dialog, transaction
 * encoding) stays in chunks the module loads on demand from beside itself.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // Chunks and their preloads resolve beside the module, not on the host page's origin.
  base: './',
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    rollupOptions: {
      input: 'src/embed/checkout.ts',
      // An app build (minified, production React) whose entry keeps its exports for host pages.
      preserveEntrySignatures: 'exports-only',
      output: { entryFileNames: 'checkout.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
