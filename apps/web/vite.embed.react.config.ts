import { defineConfig, mergeConfig } from 'vite';
import { embedBase } from './vite.embed.config.ts';

/**
 * The checkout for hosts that run React 19 and MUI themselves, served at `/embed/checkout.react.js`
 * beside the self-contained `/embed/checkout.js`: the same modules, with these packages left as bare
 * imports for the host's bundler or import map, so the form renders on the host's React and in its
 * MUI theme. Run after vite.embed.config.ts, which empties the folder both share.
 */
const PEERS = ['react', 'react-dom', '@mui/material', '@tanstack/react-query', 'i18next', 'react-i18next'];

const isPeer = (id: string) =>
  id.startsWith('@emotion/') || PEERS.some((name) => id === name || id.startsWith(`${name}/`));

export default mergeConfig(
  embedBase,
  defineConfig({
    build: {
      emptyOutDir: false,
      rollupOptions: {
        input: 'src/embed/checkout.react.ts',
        external: isPeer,
        // Chunks under chunks/ are served as immutable (apps/server/src/web.ts); their own folder keeps
        // the two builds' files apart.
        output: { entryFileNames: 'checkout.react.js', chunkFileNames: 'chunks/react/[name]-[hash].js' },
      },
    },
  }),
);
