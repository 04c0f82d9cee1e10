/**
 * The layering rule of ../shared/ARCHITECTURE.md, as lint configuration:
 * core ← db ← platform ← identity ← payments ← store ← apps; react and web never import the server,
 * db, platform or a module; production code never imports the test tools (testkit, devchain,
 * test-wallet, stripe-emulator, bitcoin-standin), except the server's demo folder and the CLI, which starts the demo chain.
 * Packages not written yet are named already, so their first file is checked.
 */

const ANY = '*';
const TEST_TOOLS = ['testkit', 'devchain', 'test-wallet', 'stripe-emulator', 'bitcoin-standin'];

/**
 * The @kiosk packages each package's production code may import. `*` is any package, but the test
 * tools only where they are named.
 */
const LAYERS = {
  core: [],
  contracts: ['core'],
  bundle: ['core', 'contracts'],
  sdk: ['core', 'contracts'],
  db: ['core'],
  platform: ['core', 'db', 'contracts'],
  identity: ['core', 'db', 'platform', 'contracts'],
  payments: ['core', 'db', 'platform', 'contracts', 'identity'],
  store: ['core', 'db', 'platform', 'contracts', 'identity', 'payments', 'bundle'],
  react: ['core', 'contracts', 'sdk'],
  web: ['core', 'contracts', 'sdk', 'react'],
  server: [ANY],
  cli: ['server', 'core', 'db', 'devchain', 'stripe-emulator', 'bitcoin-standin', 'bundle', 'sdk'],
  devchain: [],
  'test-wallet': [],
  'stripe-emulator': [],
  'bitcoin-standin': [],
  // Below the server app: the app hands the kit its builder (test/setup/test-server.ts).
  // bundle: the store's tests publish signed apps through the store world (store.ts).
  testkit: ['core', 'db', 'platform', 'contracts', 'bundle', ...TEST_TOOLS],
};

const FOLDERS = { web: 'apps/web', server: 'apps/server', cli: 'apps/cli' };
const folderOf = (name) => FOLDERS[name] ?? `packages/${name}`;

// Test helpers inside a package (test-support/) ship with it, so they follow its production rule.
const TEST_FILES = ['**/*.test.{ts,tsx}'];

const CHAIN = 'core ← db ← platform ← identity ← payments ← store ← apps';
const anyOf = (names) => `(${names.join('|')})(/|$)`;

/** The imports `name`'s files may not make, as regular expressions over the module specifier. */
function restrictions(name, extra = []) {
  const layer = LAYERS[name];
  const allowed = new Set([name, ...layer, ...extra]);
  const tools = TEST_TOOLS.filter((tool) => !allowed.has(tool));
  const rules = [];
  if (tools.length)
    rules.push({
      regex: `^@kiosk/${anyOf(tools)}`,
      message:
        'Layering rule: testkit, devchain, test-wallet, stripe-emulator and bitcoin-standin are test tools, imported by tests only ' +
        "(of production code, only the server's demo folder uses them, and the CLI starts the demo chain).",
    });
  if (!layer.includes(ANY)) {
    const named = [...allowed].filter((n) => n !== name && !TEST_TOOLS.includes(n));
    rules.push({
      regex: `^@kiosk/(?!${anyOf([name, ...named, ...TEST_TOOLS])})`,
      message:
        `Layering rule (${CHAIN}): @kiosk/${name} may import ` +
        (named.length ? `only ${named.map((n) => `@kiosk/${n}`).join(', ')}` : 'no other @kiosk package') +
        ' (../shared/ARCHITECTURE.md).',
    });
  }
  return rules;
}

/**
 * `no-restricted-imports` checks static imports and exports (`import type` included); dynamic
 * `import()` and `typeof import()` go through `no-restricted-syntax` with the same expressions.
 */
function rulesFor(name, extra) {
  const forbidden = restrictions(name, extra);
  // esquery reads a regular expression up to the next `/`, so slashes are written as \x2F.
  const selector = (regex) => `/${regex.replaceAll('/', '\\x2F')}/`;
  return {
    'no-restricted-imports': ['error', { patterns: forbidden }],
    'no-restricted-syntax': [
      'error',
      ...forbidden.flatMap(({ regex, message }) => [
        { selector: `ImportExpression[source.value=${selector(regex)}]`, message },
        { selector: `TSImportType[source.value=${selector(regex)}]`, message },
      ]),
    ],
  };
}

/** The only production code of the server that may use test-wallet and devchain. */
const serverDemo = {
  name: 'layering/server-demo',
  files: ['apps/server/src/demo/**'],
  rules: rulesFor('server', ['devchain', 'test-wallet', 'stripe-emulator']),
};

/** Per package: production files (the server's demo apart), then tests, which may use the test tools. */
const layerBlocks = Object.keys(LAYERS).flatMap((name) => {
  const folder = folderOf(name);
  return [
    { name: `layering/${name}`, files: [`${folder}/**`], rules: rulesFor(name) },
    ...(name === 'server' ? [serverDemo] : []),
    {
      name: `layering/${name}-tests`,
      files: TEST_FILES.map((glob) => [`${folder}/**`, glob]),
      rules: rulesFor(name, TEST_TOOLS),
    },
  ];
});

/**
 * No relative import leaves its package (`../../payments/src/x.ts` from identity): another package is
 * reached by its name. How many `../` leave depends on how deep the file sits, so there is one block
 * per depth (files deeper than DEEPEST are checked as if at DEEPEST, which is stricter). It uses
 * typescript-eslint's copy of the rule, since a file takes one set of options per rule and the layering
 * blocks above already set the core one.
 */
const DEEPEST = 8;
const relativeBlocks = Array.from({ length: DEEPEST + 1 }, (_, depth) => ({
  name: `layering/relative-depth-${depth}`,
  files: [`{packages,apps}/*/${'*/'.repeat(depth)}${depth === DEEPEST ? '**' : '*'}`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\./)?(\\.\\./){${depth + 1},}`,
            message:
              'A relative import may not leave its package: import the other package by its name (@kiosk/…).',
          },
        ],
      },
    ],
  },
}));

export const layering = [...layerBlocks, ...relativeBlocks];
