import * as ecc from '@bitcoinerlab/secp256k1';
import { address, initEccLib, networks, opcodes } from 'bitcoinjs-lib';

// Taproot addresses need the curve library registered before bitcoinjs can print them.
initEccLib(ecc);

export const regtest = networks.regtest;

/** Esplora's names for output script types (electrs, rust-bitcoin's classification). */
export type ScriptType =
  'empty' | 'op_return' | 'p2pk' | 'p2pkh' | 'p2sh' | 'v0_p2wpkh' | 'v0_p2wsh' | 'v1_p2tr' | 'unknown';

export function scriptType(script: Uint8Array): ScriptType {
  const n = script.length;
  if (n === 0) return 'empty';
  if (script[0] === opcodes.OP_RETURN) return 'op_return';
  if ((n === 35 || n === 67) && script[0] === n - 2 && script[n - 1] === opcodes.OP_CHECKSIG) return 'p2pk';
  if (
    n === 25 &&
    script[0] === opcodes.OP_DUP &&
    script[1] === opcodes.OP_HASH160 &&
    script[2] === 20 &&
    script[23] === opcodes.OP_EQUALVERIFY &&
    script[24] === opcodes.OP_CHECKSIG
  ) {
    return 'p2pkh';
  }
  if (n === 23 && script[0] === opcodes.OP_HASH160 && script[1] === 20 && script[22] === opcodes.OP_EQUAL) {
    return 'p2sh';
  }
  if (n === 22 && script[0] === 0 && script[1] === 20) return 'v0_p2wpkh';
  if (n === 34 && script[0] === 0 && script[1] === 32) return 'v0_p2wsh';
  if (n === 34 && script[0] === opcodes.OP_1 && script[1] === 32) return 'v1_p2tr';
  return 'unknown';
}

/** Core's IsWitnessProgram: a version opcode (OP_0, OP_1…OP_16) and one push of 2 to 40 bytes. */
function isWitnessProgram(script: Uint8Array): boolean {
  const version = script[0] ?? -1;
  const isVersion = version === 0 || (version >= opcodes.OP_1 && version <= opcodes.OP_16);
  return isVersion && script.length >= 4 && script.length <= 42 && script[1] === script.length - 2;
}

/** Bitcoin Core's IsStandard for an output script (bare multisig left out: Core 28 no longer relays it). */
export function isStandardOutput(script: Uint8Array): boolean {
  const type = scriptType(script);
  if (type === 'op_return') return script.length <= 83;
  if (type === 'empty') return false;
  if (type === 'unknown') return isWitnessProgram(script) && script[0] !== 0;
  return true;
}

/** Core's GetDustThreshold at the default dust relay fee of 3 sat/vB: 294 sats for P2WPKH, 546 for P2PKH. */
export function dustThreshold(script: Uint8Array): bigint {
  if (scriptType(script) === 'op_return') return 0n;
  const outputSize = 8 + compactSizeLength(script.length) + script.length;
  // The size of the input that would spend it: witness data counts a quarter.
  const spendSize = isWitnessProgram(script) ? 32 + 4 + 1 + Math.floor(107 / 4) + 4 : 32 + 4 + 1 + 107 + 4;
  return BigInt((outputSize + spendSize) * 3);
}

function compactSizeLength(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : 5;
}

/** The regtest address of an output script, or undefined (OP_RETURN, bare keys, unknown scripts). */
export function addressOf(script: Uint8Array): string | undefined {
  try {
    return address.fromOutputScript(script, regtest);
  } catch {
    return undefined;
  }
}

/**
 * The output script of a regtest address. Testnet addresses are accepted as electrs accepts them on
 * regtest (the same programs, another prefix); mainnet ones are on an invalid network.
 */
export function scriptOf(text: string): Uint8Array | 'invalid' | 'wrong-network' {
  for (const network of [regtest, networks.testnet]) {
    try {
      return address.toOutputScript(text, network);
    } catch {
      // Try the next network.
    }
  }
  try {
    address.toOutputScript(text, networks.bitcoin);
    return 'wrong-network';
  } catch {
    return 'invalid';
  }
}

const opcodeNames = new Map<number, string>();
for (const [name, code] of Object.entries(opcodes)) {
  // A numeric enum maps both ways: keep the name → code entries, the first name of each code.
  if (typeof code === 'number' && !opcodeNames.has(code)) opcodeNames.set(code, name);
}
// rust-bitcoin's spellings, which Esplora prints.
opcodeNames.set(opcodes.OP_0, 'OP_0');
opcodeNames.set(opcodes.OP_1NEGATE, 'OP_PUSHNUM_NEG1');
for (let n = 1; n <= 16; n++) opcodeNames.set(opcodes.OP_1 + n - 1, `OP_PUSHNUM_${n}`);
opcodeNames.set(opcodes.OP_CHECKLOCKTIMEVERIFY, 'OP_CLTV');
opcodeNames.set(opcodes.OP_CHECKSEQUENCEVERIFY, 'OP_CSV');

/** A script as Esplora's `*_asm` fields print it: `OP_0 OP_PUSHBYTES_20 a1b2…`. */
export function scriptAsm(script: Uint8Array): string {
  const parts: string[] = [];
  let at = 0;
  while (at < script.length) {
    const op = script[at++] as number;
    const push = pushLength(script, at, op);
    if (push === undefined) {
      parts.push(opcodeNames.get(op) ?? `OP_RETURN_${op}`);
      continue;
    }
    at += push.header;
    if (at + push.length > script.length) {
      parts.push(`${push.name} <unexpected end>`);
      break;
    }
    parts.push(`${push.name} ${Buffer.from(script.subarray(at, at + push.length)).toString('hex')}`);
    at += push.length;
  }
  return parts.join(' ');
}

function pushLength(script: Uint8Array, at: number, op: number) {
  if (op >= 1 && op <= 75) return { name: `OP_PUSHBYTES_${op}`, header: 0, length: op };
  const width =
    op === opcodes.OP_PUSHDATA1 ? 1 : op === opcodes.OP_PUSHDATA2 ? 2 : op === opcodes.OP_PUSHDATA4 ? 4 : 0;
  if (width === 0) return undefined;
  let length = 0;
  for (let i = width - 1; i >= 0; i--) length = length * 256 + (script[at + i] ?? 0);
  return { name: `OP_PUSHDATA${width}`, header: width, length };
}

export const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A txid as printed (byte-reversed hash), from an input's outpoint hash. */
export const txidOf = (hash: Uint8Array) => Buffer.from(hash).reverse().toString('hex');
