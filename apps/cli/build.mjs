// Bundles the CLI (which includes the server) into one file. Workspace packages are bundled from
// their TypeScript source; npm dependencies stay external and load from node_modules.
//
// `--web` builds the web app first, by running apps/web's own `build` script (so that build stays
// defined in one place): this is the root's `npm run build` and `npm start`'s prestart, and it runs
// node directly rather than nested `npm run`s, each of which is another npm process reading and
// re-exporting the user's npm config (and warning again about any key it does not know).
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cliDir = fileURLToPath(new URL('.', import.meta.url));

if (process.argv.includes('--web')) {
  const webDir = fileURLToPath(new URL('../web', import.meta.url));
  const rootDir = fileURLToPath(new URL('../..', import.meta.url));
  const { scripts } = JSON.parse(readFileSync(join(webDir, 'package.json'), 'utf8'));
  // The PATH `npm run` would give it: the package's and the root's node_modules/.bin first.
  const bins = [join(webDir, 'node_modules', '.bin'), join(rootDir, 'node_modules', '.bin')];
  execSync(scripts.build, {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, PATH: [...bins, process.env.PATH].join(delimiter) },
  });
}

await build({
  absWorkingDir: cliDir,
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
