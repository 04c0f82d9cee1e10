import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layering } from './eslint.layering.js';
import { resources } from './eslint.resources.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read loosely typed JSON answers; their assertions are the type check.
    files: ['**/*.test.{ts,tsx}', 'packages/testkit/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/react/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Small modules whose names say what is inside, and functions short enough to read in one go: the
    // limits of the reshaping issue (a file of at most 400 lines, a function of at most 120), every
    // line counted, so a blank line or a comment cannot buy room. Tests and their fixtures are left
    // out: a test file is a list of cases and grows with the behaviour it covers.
    name: 'shape/production-source',
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'test/**',
      'bench/**',
      '**/test-support/**',
      '**/test-fixtures.ts',
      'packages/testkit/**',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  ...layering,
  ...resources,
);
