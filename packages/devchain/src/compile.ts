import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Abi, Hex } from 'viem';

/**
 * Compiles the package's Solidity contracts with solc-js, the compiler shipped inside the `solc` npm
 * package. `hardhat compile` would try to download a native compiler, which fails offline.
 */

// Found through the package's own name, so the path holds when the CLI bundles this file elsewhere.
export const PACKAGE_JSON = createRequire(import.meta.url).resolve('@kiosk/devchain/package.json');
const PACKAGE_ROOT = dirname(PACKAGE_JSON);
export const CONTRACTS_DIR = join(PACKAGE_ROOT, 'contracts');
export const DIST_DIR = join(PACKAGE_ROOT, 'dist');

/**
 * Cancun rather than solc's newest default, so the bytecode also runs on chains that have not
 * taken the latest hardforks; Hardhat Network (Osaka) runs it as well.
 */
const SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

export interface ContractArtifact {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
  /** solc's version string, e.g. `0.8.37+commit.…`. */
  compiler: string;
  /** sha256 of the source, the compiler version and the settings: a changed input means a stale artifact. */
  inputHash: string;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** The npm package's version is the compiler's: reading it does not load the 9 MB compiler (~0.5 s). */
const SOLC_VERSION = (createRequire(import.meta.url)('solc/package.json') as { version: string }).version;

function inputHash(source: string): string {
  return createHash('sha256')
    .update(SOLC_VERSION)
    .update(JSON.stringify(SOLC_SETTINGS))
    .update(source)
    .digest('hex');
}

/** Compiles one `.sol` file's source; answers one artifact per contract in it. Throws on any error. */
export async function compileSource(fileName: string, source: string): Promise<ContractArtifact[]> {
  const { default: solc } = await import('solc');
  const input = {
    language: 'Solidity',
    sources: { [fileName]: { content: source } },
    settings: SOLC_SETTINGS,
  };
  // The contracts import nothing, so no import callback: a stray import fails loudly.
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `solc failed on ${fileName}:\n${errors.map((entry) => entry.formattedMessage).join('\n')}`,
    );
  }
  const hash = inputHash(source);
  return Object.entries(output.contracts?.[fileName] ?? {}).map(([contractName, contract]) => ({
    contractName,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    compiler: solc.version() as string,
    inputHash: hash,
  }));
}

/** Writes `<dir>/<ContractName>.json` through a temporary file, so a concurrent reader never sees half of it. */
export async function writeArtifact(artifact: ContractArtifact, dir = DIST_DIR): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${artifact.contractName}.json`);
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(artifact, null, 2)}\n`);
  await rename(temporary, path);
  return path;
}

/** Compiles every contract in `contracts/` and writes its artifact to `dist/`. Answers the paths written. */
export async function buildContracts(
  options: { contractsDir?: string; distDir?: string } = {},
): Promise<string[]> {
  const contractsDir = options.contractsDir ?? CONTRACTS_DIR;
  const files = (await readdir(contractsDir)).filter((name) => name.endsWith('.sol')).sort();
  const written: string[] = [];
  for (const file of files) {
    const source = await readFile(join(contractsDir, file), 'utf8');
    for (const artifact of await compileSource(file, source)) {
      written.push(await writeArtifact(artifact, options.distDir));
    }
  }
  return written;
}

async function readArtifact(path: string): Promise<ContractArtifact | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ContractArtifact;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Answers `<contractName>`'s artifact from `dist/`, compiling it (and caching it there) when it is
 * missing or was built from another source, compiler or settings — so tests work from a clean checkout
 * and never run stale bytecode after the contract changed.
 */
export async function loadContractArtifact(
  contractName: string,
  options: { contractsDir?: string; distDir?: string } = {},
): Promise<ContractArtifact> {
  const source = await readFile(join(options.contractsDir ?? CONTRACTS_DIR, `${contractName}.sol`), 'utf8');
  const cached = await readArtifact(join(options.distDir ?? DIST_DIR, `${contractName}.json`));
  if (cached !== undefined && cached.inputHash === inputHash(source)) return cached;
  const artifacts = await compileSource(`${contractName}.sol`, source);
  for (const artifact of artifacts) await writeArtifact(artifact, options.distDir);
  const artifact = artifacts.find((entry) => entry.contractName === contractName);
  if (artifact === undefined) throw new Error(`${contractName}.sol declares no contract ${contractName}`);
  return artifact;
}

let demoToken: Promise<ContractArtifact> | undefined;

/** The demo ERC-20's `{ abi, bytecode }`, read once per process (see loadContractArtifact). */
export function loadDemoTokenArtifact(): Promise<ContractArtifact> {
  demoToken ??= loadContractArtifact('DemoToken').catch((error: unknown) => {
    demoToken = undefined;
    throw error;
  });
  return demoToken;
}
