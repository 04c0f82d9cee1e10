import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards API calls to `kiosk serve`, so the app runs on one origin as in production.
const apiTarget = `http://127.0.0.1:${process.env.KIOSK_API_PORT || '3000'}`;

// Error reports name the build they come from: @kiosk/web's version (the root package has none).
const webVersion = (
  JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __KIOSK_WEB_VERSION__: JSON.stringify(webVersion) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lets `npm run bench` measure what a page loads first.
    manifest: true,
  },
  server: {
    proxy: {
      // ws: the realtime endpoint lives under /api too.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/metrics': { target: apiTarget },
    },
  },
});
