import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preactAliases } from './preact-aliases.ts';

/** What both embed builds share (vite.embed.react.config.ts is the other). */
export const embedBase = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // Chunks and their preloads resolve beside the module, not on the host page's origin.
  base: './',
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    rollupOptions: {
      input: 'src/embed/checkout.ts',
      // An app build (minified) whose entry keeps its exports for host pages.
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: 'checkout.js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // What the module needs before it renders goes in one chunk beside it, not the two dozen small
        // ones automatic splitting made (each compressed alone, each its own request on the host page).
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
    },
  },
});

/**
 * The checkout for pages on other origins: an ES module with its own runtime (Preact's React layer,
 * as the web app), served at `/embed/checkout.js`. Code a buyer may never need (phone numbers, the
 * wallet dialog, transaction encoding) stays in chunks the module loads on demand from beside itself;
 * the form's own code follows the skeleton, beside the session's answer (mount-checkout.tsx).
 */
export default mergeConfig(embedBase, defineConfig({ resolve: { alias: preactAliases } }));
