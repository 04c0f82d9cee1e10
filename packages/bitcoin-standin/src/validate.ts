import { script as bscript, Transaction, type TxOutput } from 'bitcoinjs-lib';
import type { Chain } from './chain.ts';
import { formatBtc } from './money.ts';
import { checkReplacement } from './replacement.ts';
import { dustThreshold, isStandardOutput, scriptType, txidOf } from './scripts.ts';
import { MIN_RELAY_SATS_PER_VB, refuse, RPC, type Verdict } from './verdict.ts';
import { verifyP2wpkhInput } from './witness.ts';

const MAX_MONEY = 2_100_000_000_000_000n;
const MAX_STANDARD_WEIGHT = 400_000;
const MIN_STANDARD_NON_WITNESS_SIZE = 65;
const MAX_SCRIPTSIG_SIZE = 1650;
const SEQUENCE_FINAL = 0xffffffff;
const LOCKTIME_THRESHOLD = 500_000_000;
const COINBASE_MATURITY = 100;

/**
 * Decides a raw transaction as Bitcoin Core's mempool acceptance does, in its order: decoding, the
 * context-free and standardness checks, finality, conflicts and missing inputs, amounts, the minimum
 * relay fee, BIP125 replacement, then each input's script and signature.
 */
export function judge(chain: Chain, rawHex: string): Verdict {
  const tx = decode(rawHex);
  if (!tx) {
    return refuse(
      'TX decode failed. Make sure the tx has at least one input.',
      undefined,
      RPC.DESERIALIZATION_ERROR,
    );
  }
  const txid = tx.getId();
  if (chain.inMempool(txid)) return { kind: 'known', txid };
  if (chain.blockOf(txid)) {
    return refuse('Transaction outputs already in utxo set', undefined, RPC.TRANSACTION_ALREADY_IN_CHAIN);
  }
  const shape = checkShape(tx) ?? checkStandard(tx) ?? checkFinal(tx, chain);
  if (shape) return shape;

  const inputs = resolveInputs(chain, tx);
  if ('kind' in inputs) return inputs;
  const { prevouts, conflicts } = inputs;
  const premature = checkCoinbaseMaturity(chain, tx);
  if (premature) return premature;
  const valueIn = prevouts.reduce((sum, out) => sum + out.value, 0n);
  const valueOut = tx.outs.reduce((sum, out) => sum + out.value, 0n);
  if (valueIn < valueOut) {
    return refuse(
      'bad-txns-in-belowout',
      `value in (${formatBtc(valueIn)}) < value out (${formatBtc(valueOut)})`,
    );
  }
  const unverifiable = prevouts.findIndex((out) => scriptType(out.script) !== 'v0_p2wpkh');
  if (unverifiable >= 0) {
    const type = scriptType((prevouts[unverifiable] as TxOutput).script);
    return refuse(
      'standin-unverifiable-input',
      `input ${unverifiable} spends a ${type} output; this stand-in verifies P2WPKH inputs only`,
    );
  }
  const fee = valueIn - valueOut;
  const vsize = tx.virtualSize();
  if (fee < BigInt(vsize) * MIN_RELAY_SATS_PER_VB) {
    return refuse('min relay fee not met', `${fee} < ${BigInt(vsize) * MIN_RELAY_SATS_PER_VB}`);
  }
  const replacement = checkReplacement(chain, { tx, txid, fee, vsize }, conflicts);
  if ('kind' in replacement) return replacement;
  return (
    checkScripts(tx, prevouts) ?? { kind: 'accept', record: { txid, tx, fee }, replaces: replacement.evicts }
  );
}

function decode(rawHex: string): Transaction | undefined {
  const text = rawHex.trim();
  if (text.length === 0 || text.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(text)) return undefined;
  try {
    const tx = Transaction.fromHex(text);
    return tx.ins.length > 0 ? tx : undefined;
  } catch {
    return undefined;
  }
}

/** Core's CheckTransaction: what no block may hold (no inputs at all fails decoding, as in Core). */
function checkShape(tx: Transaction): Verdict | undefined {
  if (tx.outs.length === 0) return refuse('bad-txns-vout-empty');
  if (tx.byteLength(false) * 4 > 4_000_000) return refuse('bad-txns-oversize');
  let total = 0n;
  for (const out of tx.outs) {
    if (out.value < 0n) return refuse('bad-txns-vout-negative');
    if (out.value > MAX_MONEY) return refuse('bad-txns-vout-toolarge');
    total += out.value;
    if (total > MAX_MONEY) return refuse('bad-txns-txouttotal-toolarge');
  }
  const outpoints = new Set(tx.ins.map((input) => `${txidOf(input.hash)}:${input.index}`));
  if (outpoints.size !== tx.ins.length) return refuse('bad-txns-inputs-duplicate');
  if (tx.isCoinbase()) return refuse('coinbase');
  return undefined;
}

/** Core's IsStandardTx: what a node refuses to relay though a block could hold it. */
function checkStandard(tx: Transaction): Verdict | undefined {
  if (tx.version < 1 || tx.version > 3) return refuse('version');
  if (tx.weight() > MAX_STANDARD_WEIGHT) return refuse('tx-size');
  if (tx.byteLength(false) < MIN_STANDARD_NON_WITNESS_SIZE) return refuse('tx-size-small');
  for (const input of tx.ins) {
    if (input.script.length > MAX_SCRIPTSIG_SIZE) return refuse('scriptsig-size');
    if (!bscript.isPushOnly(bscript.decompile(input.script) ?? [0xff]))
      return refuse('scriptsig-not-pushonly');
  }
  let dataOutputs = 0;
  for (const out of tx.outs) {
    if (!isStandardOutput(out.script)) return refuse('scriptpubkey');
    if (scriptType(out.script) === 'op_return') dataOutputs++;
    else if (out.value < dustThreshold(out.script)) return refuse('dust');
  }
  return dataOutputs > 1 ? refuse('multi-op-return') : undefined;
}

/** Core's IsFinalTx against the next block's height and the tip's median time past. */
function checkFinal(tx: Transaction, chain: Chain): Verdict | undefined {
  if (tx.locktime === 0) return undefined;
  const tip = chain.tip();
  const limit = tx.locktime < LOCKTIME_THRESHOLD ? tip.height + 1 : tip.mediantime;
  if (tx.locktime < limit) return undefined;
  return tx.ins.every((input) => input.sequence === SEQUENCE_FINAL) ? undefined : refuse('non-final');
}

/** Each input's prevout, and the mempool transactions that already spend one of them. */
function resolveInputs(
  chain: Chain,
  tx: Transaction,
): Verdict | { prevouts: TxOutput[]; conflicts: Set<string> } {
  const conflicts = new Set<string>();
  for (const input of tx.ins) {
    const spend = chain.spender(txidOf(input.hash), input.index);
    if (spend && chain.inMempool(spend.txid)) conflicts.add(spend.txid);
  }
  for (const txid of conflicts) {
    // Core 28 relays replacements of non-signalling transactions too (full RBF); BIP125 asks for the signal.
    if (!signalsReplacement(chain.tx(txid)?.tx)) {
      return refuse('txn-mempool-conflict');
    }
  }
  const prevouts: TxOutput[] = [];
  for (const input of tx.ins) {
    const parent = txidOf(input.hash);
    const prevout = chain.output(parent, input.index);
    const spend = chain.spender(parent, input.index);
    const spentInBlock = spend !== undefined && !chain.inMempool(spend.txid);
    if (!prevout || spentInBlock) {
      return refuse('bad-txns-inputs-missingorspent', undefined, RPC.TRANSACTION_ERROR);
    }
    prevouts.push(prevout);
  }
  return { prevouts, conflicts };
}

/**
 * A block reward may be spent from 100 confirmations on (Core: depth = next height − coinbase height).
 * fund()'s coinbases are exempt: they stand for a node wallet's confirmed payment.
 */
function checkCoinbaseMaturity(chain: Chain, tx: Transaction): Verdict | undefined {
  const nextHeight = chain.tip().height + 1;
  for (const input of tx.ins) {
    const parent = txidOf(input.hash);
    const block = chain.blockOf(parent);
    if (!block || !chain.tx(parent)?.tx.isCoinbase() || chain.isFunding(parent)) continue;
    const depth = nextHeight - block.height;
    if (depth < COINBASE_MATURITY) {
      return refuse('bad-txns-premature-spend-of-coinbase', `tried to spend coinbase at depth ${depth}`);
    }
  }
  return undefined;
}

/** BIP125: an input with a sequence below 0xfffffffe marks the transaction replaceable. */
function signalsReplacement(tx: Transaction | undefined): boolean {
  return tx !== undefined && tx.ins.some((input) => input.sequence < 0xfffffffe);
}

function checkScripts(tx: Transaction, prevouts: TxOutput[]): Verdict | undefined {
  for (let index = 0; index < tx.ins.length; index++) {
    const failure = verifyP2wpkhInput(tx, index, prevouts[index] as TxOutput);
    if (failure) {
      const reason = failure.mandatory
        ? 'mandatory-script-verify-flag-failed'
        : 'non-mandatory-script-verify-flag';
      return { kind: 'refuse', code: RPC.TRANSACTION_REJECTED, message: `${reason} (${failure.error})` };
    }
  }
  return undefined;
}
