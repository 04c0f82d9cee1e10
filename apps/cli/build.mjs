// Bundles the CLI (which includes the server) into one file. Workspace packages are bundled from
// their TypeScript source; npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/kiosk.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@kiosk/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
