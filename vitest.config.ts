import { defineConfig } from 'vitest/config';

// Three projects: pure units (node), React components (jsdom), the real server on both database
// engines, and the real browser against the built app. `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'test/repo/**/*.test.ts'],
          // packages/react runs in the web project (jsdom).
          exclude: [
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
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'packages/react/src/**/*.test.{ts,tsx}'],
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
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ['test/setup/test-server.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
