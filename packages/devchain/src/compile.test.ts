import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACTS_DIR, compileSource, loadContractArtifact } from './compile.ts';

describe('compiling contracts with solc-js', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('fails with solc’s message on a broken contract', async () => {
    await expect(
      compileSource('Broken.sol', 'pragma solidity ^0.8.24; contract Broken { function }'),
    ).rejects.toThrow(/solc failed on Broken\.sol:[\s\S]*ParserError/);
  });

  it('caches the artifact in dist and rebuilds it when the source changes', async () => {
    const root = await mkdtemp(join(tmpdir(), 'devchain-compile-'));
    dirs.push(root);
    const contractsDir = join(root, 'contracts');
    const distDir = join(root, 'dist');
    await mkdir(contractsDir);
    await copyFile(join(CONTRACTS_DIR, 'DemoToken.sol'), join(contractsDir, 'DemoToken.sol'));

    const built = await loadContractArtifact('DemoToken', { contractsDir, distDir });
    expect(built.bytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    const names = built.abi.flatMap((item) => ('name' in item ? [item.name] : []));
    for (const name of [
      'transfer',
      'approve',
      'transferFrom',
      'allowance',
      'balanceOf',
      'mint',
      'Transfer',
    ]) {
      expect(names).toContain(name);
    }

    // A marked cache file is served as is while the source is unchanged…
    const cachePath = join(distDir, 'DemoToken.json');
    const cached = JSON.parse(await readFile(cachePath, 'utf8'));
    await writeFile(cachePath, JSON.stringify({ ...cached, bytecode: '0xfeed' }));
    expect((await loadContractArtifact('DemoToken', { contractsDir, distDir })).bytecode).toBe('0xfeed');

    // …and rebuilt once the source changes.
    await appendFile(join(contractsDir, 'DemoToken.sol'), '\n// changed\n');
    const rebuilt = await loadContractArtifact('DemoToken', { contractsDir, distDir });
    expect(rebuilt.bytecode).not.toBe('0xfeed');
    expect(rebuilt.inputHash).not.toBe(built.inputHash);
    expect(JSON.parse(await readFile(cachePath, 'utf8')).inputHash).toBe(rebuilt.inputHash);
  });
});
