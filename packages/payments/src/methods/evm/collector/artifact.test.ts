import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileSource, type ContractArtifact } from '@kiosk/devchain';
import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { kioskCollectorAbi } from './collector-abi.ts';

/**
 * The server never compiles: it deploys the committed KioskCollector.json, so production runs exactly
 * the bytecode that was reviewed. This test compiles KioskCollector.sol with the demo token's solc-js
 * and settings (cancun, optimizer 200 runs) and fails when the artifact is stale; after editing the
 * contract, `npx vitest run packages/payments/src/methods/evm/collector/artifact.test.ts -u` rewrites
 * the artifact — commit both together.
 */
const SOURCE_PATH = fileURLToPath(new URL('KioskCollector.sol', import.meta.url));
const ARTIFACT_PATH = fileURLToPath(new URL('KioskCollector.json', import.meta.url));

async function compileCollector(): Promise<ContractArtifact> {
  // The file name is part of the bytecode's metadata: always this one, wherever the repo lives.
  const artifacts = await compileSource('KioskCollector.sol', await readFile(SOURCE_PATH, 'utf8'));
  const collector = artifacts.find((artifact) => artifact.contractName === 'KioskCollector');
  if (!collector) throw new Error('KioskCollector.sol declares no contract KioskCollector');
  return collector;
}

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

describe('the committed KioskCollector artifact', () => {
  it('is exactly what solc makes of KioskCollector.sol today', async () => {
    const fresh = await compileCollector();
    // Two-space JSON, as Prettier leaves it.
    await expect(`${JSON.stringify(fresh, null, 2)}\n`).toMatchFileSnapshot(ARTIFACT_PATH);
    expect(fresh.compiler).toMatch(/^0\.8\.\d+\+commit\./);
    expect(fresh.bytecode).toMatch(/^0x[0-9a-f]+$/);
  });

  it('has the interface the TypeScript bindings are typed with', async () => {
    const committed = JSON.parse(await readFile(ARTIFACT_PATH, 'utf8')) as { abi: Abi };
    expect(comparable(kioskCollectorAbi)).toEqual(comparable(committed.abi));
  });
});
