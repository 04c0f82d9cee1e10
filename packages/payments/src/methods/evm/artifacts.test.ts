import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileSource } from '@kiosk/devchain';
import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { kioskCollectorAbi } from './collector/collector-abi.ts';
import { kioskStakeAbi } from './stake/stake-abi.ts';

/**
 * The server never compiles: it deploys the committed artifacts (KioskCollector.json, KioskStake.json),
 * so production runs exactly the bytecode that was reviewed. This test compiles each contract with the
 * demo token's solc-js and settings (cancun, optimizer 200 runs) and fails when an artifact is stale;
 * after editing a contract, `npx vitest run packages/payments/src/methods/evm/artifacts.test.ts -u`
 * rewrites the artifacts — commit them together.
 */
const CONTRACTS = [
  { name: 'KioskCollector', folder: 'collector', abi: kioskCollectorAbi as Abi },
  { name: 'KioskStake', folder: 'stake', abi: kioskStakeAbi as Abi },
];

const pathOf = (folder: string, file: string) => fileURLToPath(new URL(`${folder}/${file}`, import.meta.url));

/** An ABI item without what only solc writes (internal type names, empty names, default flags), in a stable order. */
function comparable(abi: Abi): unknown[] {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, entry]) => {
          if (key === 'internalType') return false;
          if ((key === 'anonymous' || key === 'indexed') && entry === false) return false;
          return !(key === 'name' && entry === '');
        })
        .map(([key, entry]) => [key, clean(entry)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  };
  const key = (item: Abi[number]) => `${item.type} ${'name' in item ? item.name : ''}`;
  return [...abi].sort((a, b) => key(a).localeCompare(key(b))).map(clean);
}

describe.each(CONTRACTS)('the committed $name artifact', ({ name, folder, abi }) => {
  it(`is exactly what solc makes of ${name}.sol today`, async () => {
    // The file name is part of the bytecode's metadata: always this one, wherever the repo lives.
    const artifacts = await compileSource(
      `${name}.sol`,
      await readFile(pathOf(folder, `${name}.sol`), 'utf8'),
    );
    const fresh = artifacts.find((artifact) => artifact.contractName === name);
    if (!fresh) throw new Error(`${name}.sol declares no contract ${name}`);
    // Two-space JSON, as Prettier leaves it.
    await expect(`${JSON.stringify(fresh, null, 2)}\n`).toMatchFileSnapshot(pathOf(folder, `${name}.json`));
    expect(fresh.compiler).toMatch(/^0\.8\.\d+\+commit\./);
    expect(fresh.bytecode).toMatch(/^0x[0-9a-f]+$/);
  });

  it('has the interface the TypeScript bindings are typed with', async () => {
    const committed = JSON.parse(await readFile(pathOf(folder, `${name}.json`), 'utf8')) as { abi: Abi };
    expect(comparable(abi)).toEqual(comparable(committed.abi));
  });
});
