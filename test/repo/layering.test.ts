import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering rule (eslint.layering.js) fails on imports that break the layers and passes on the
 * ones it allows. Code is linted as text at made-up paths: no file is written.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
const LAYERING_RULES = [
  'no-restricted-imports',
  'no-restricted-syntax',
  '@typescript-eslint/no-restricted-imports',
];

/** The layering complaints about `code` were it the file at `filePath`. */
async function complaints(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result!.messages
    .filter((message) => message.fatal || LAYERING_RULES.includes(message.ruleId ?? ''))
    .map((message) => message.message);
}

const breaking = [
  ['packages/core/src/check.ts', "import '@kiosk/db';"],
  ['packages/react/src/check.ts', "import { openDatabase } from '@kiosk/db';"],
  ['apps/web/src/check.ts', "import type { Config } from '@kiosk/server';"],
  ['packages/payments/src/check.ts', "import '@kiosk/server';"],
  ['packages/payments/src/check.ts', "export * from '@kiosk/testkit';"],
  ['packages/payments/src/check.ts', "await import('@kiosk/testkit');"],
  ['packages/identity/src/check.ts', "import '@kiosk/payments';"],
  ['packages/identity/src/check.ts', "type Payments = typeof import('@kiosk/payments');"],
  // Packages still to come are covered by name.
  ['packages/identity/src/check.ts', "import '@kiosk/store';"],
  ['packages/platform/src/check.ts', "import '@kiosk/identity';"],
  ['apps/server/src/check.ts', "import '@kiosk/test-wallet';"],
  ['apps/server/src/demo/check.ts', "import '@kiosk/testkit';"],
  ['packages/test-wallet/src/check.ts', "import '@kiosk/devchain';"],
  ['packages/testkit/src/check.ts', "import '@kiosk/server';"],
  ['packages/react/src/test-support/check.ts', "import '@kiosk/testkit';"],
  ['packages/identity/src/check.ts', "import '../../payments/src/db.ts';"],
  ['packages/payments/src/methods/evm/check.ts', "import '../../../../identity/src/did.ts';"],
];

const allowed = [
  ['packages/payments/src/check.ts', "import { didFromAddress } from '@kiosk/identity';"],
  ['packages/payments/src/check.test.ts', "import { startTestServer } from '@kiosk/testkit';"],
  ['packages/react/src/check.ts', "await import('@kiosk/core/phone');"],
  ['packages/store/src/check.ts', "import '@kiosk/payments';"],
  ['apps/server/src/demo/check.ts', "import '@kiosk/test-wallet';"],
  ['apps/cli/src/check.ts', "import '@kiosk/devchain';"],
  ['packages/testkit/src/check.ts', "import '@kiosk/platform'; import '@kiosk/test-wallet';"],
  ['packages/payments/src/methods/evm/check.ts', "import '../../../db.ts';"],
  ['packages/core/src/check.ts', "import 'viem'; import 'node:fs';"],
];

describe('the layering rule', () => {
  it.each(breaking)('fails %s: %s', async (filePath, code) => {
    const found = await complaints(filePath, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Layering rule|may not leave its package/);
  });

  it.each(allowed)('passes %s: %s', async (filePath, code) => {
    expect(await complaints(filePath, code)).toEqual([]);
  });

  it('says which rule broke and what the package may import', async () => {
    expect(await complaints('packages/identity/src/check.ts', "import '@kiosk/payments';")).toEqual([
      expect.stringContaining(
        'Layering rule (core ← db ← platform ← identity ← payments ← store ← apps): @kiosk/identity ' +
          'may import only @kiosk/core, @kiosk/db, @kiosk/platform, @kiosk/contracts',
      ),
    ]);
  });
});
