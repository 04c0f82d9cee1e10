import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

// Five projects: pure units (node), the web app's components on Preact and the kit's on React (jsdom),
// the real server on both database engines, and the real browser against the built app. `npm test`
// runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'test/repo/**/*.test.ts'],
          // packages/react runs in the kit project (jsdom); a package's *.browser.test.ts in Chromium.
          exclude: [
            '**/*.browser.test.ts',
            'packages/db/**',
            'packages/identity/**',
            'packages/payments/**',
            'packages/platform/**',
            'packages/react/**',
            'packages/sdk/**',
            'packages/store/**',
            '**/node_modules/**',
          ],
        },
      },
      {
        // The web app on Preact, as it ships (apps/web/preact-aliases.ts).
        resolve: {
          alias: [
            ...preactAliases,
            // Testing Library's act() where React has none.
            { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
            // MUI's browser field maps this file; Node's resolution would load React's CommonJS build.
            { find: /^react-transition-group\/cjs\/(.*)$/, replacement: 'react-transition-group/esm/$1' },
          ],
          // Libraries' ES builds (their browser ones where they have them), which import through the
          // aliases, not their CommonJS builds, which Node would load with React.
          mainFields: ['module', 'main'],
          conditions: ['module', 'browser', 'development'],
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/preact-effects.ts'],
          // Libraries that import React get Preact too: they go through the same resolver.
          server: { deps: { inline: true } },
        },
      },
      {
        // The kit on React, as host apps run it.
        test: {
          name: 'kit',
          environment: 'jsdom',
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/cli/src/**/*.test.ts',
            'packages/db/src/**/*.test.ts',
            'packages/identity/src/**/*.test.ts',
            'packages/payments/src/**/*.test.ts',
            'packages/platform/src/**/*.test.ts',
            'packages/sdk/src/**/*.test.ts',
            'packages/store/src/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['test/setup/test-server.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts', 'packages/*/src/**/*.browser.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ['test/setup/test-server.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
