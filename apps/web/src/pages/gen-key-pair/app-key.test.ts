import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { privateKeyToAddress } from 'viem/accounts';
import {
  APP_DID_PATTERN,
  APP_KEY_FILE,
  appDidFromPrivateKey,
  appKeyFileContent,
  generateAppKeyPair,
  kioskJsonDidLine,
} from './app-key.ts';

// Hardhat's first test account: a key whose address everyone can check.
const KNOWN_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const KNOWN_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function repoSource(path: string): string {
  return readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..', path), 'utf8');
}

describe('app key', () => {
  it('names a known key by the DID of its address, lowercase, as viem derives it', () => {
    const did = appDidFromPrivateKey(KNOWN_KEY);
    expect(did).toBe(`did:pkh:eip155:1:${privateKeyToAddress(KNOWN_KEY).toLowerCase()}`);
    expect(did).toBe(`did:pkh:eip155:1:${KNOWN_ADDRESS.toLowerCase()}`);
    expect(did).toMatch(APP_DID_PATTERN);
  });

  it('makes a different key each time, each named by its own DID', () => {
    const first = generateAppKeyPair();
    const second = generateAppKeyPair();
    expect(first.privateKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(first.did).toBe(appDidFromPrivateKey(first.privateKey));
    expect(second.privateKey).not.toBe(first.privateKey);
    expect(second.did).not.toBe(first.did);
  });

  it('writes the key file as kiosk keygen does: the hex key and a newline, in .kiosk-app-key', () => {
    expect(appKeyFileContent(KNOWN_KEY)).toBe(`${KNOWN_KEY}\n`);
    expect(APP_KEY_FILE).toBe('.kiosk-app-key');
    // The web cannot import @kiosk/bundle; its source is the reference the CLI reads and writes by.
    expect(repoSource('packages/bundle/src/pack.ts')).toContain(
      `export const APP_KEY_FILE = '${APP_KEY_FILE}';`,
    );
    expect(repoSource('apps/cli/src/developer/keygen.ts')).toContain('writeFile(file, `${privateKey}\\n`');
    expect(repoSource('packages/bundle/src/app-did.ts')).toContain(String(APP_DID_PATTERN));
  });

  it('gives the kiosk.json line that names the app', () => {
    expect(kioskJsonDidLine('did:pkh:eip155:1:0xabc')).toBe('"did": "did:pkh:eip155:1:0xabc"');
  });
});
