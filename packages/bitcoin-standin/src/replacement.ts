import type { Transaction } from 'bitcoinjs-lib';
import type { Chain } from './chain.ts';
import { formatBtc, formatFeeRate, perKvB } from './money.ts';
import { txidOf } from './scripts.ts';
import { MIN_RELAY_SATS_PER_VB, refuse, type Verdict } from './verdict.ts';

interface Candidate {
  tx: Transaction;
  txid: string;
  fee: bigint;
  vsize: number;
}

const MAX_REPLACEMENT_CANDIDATES = 100;

/**
 * BIP125 as Bitcoin Core applies it (its rules 2–5; rule 1, the signal, is checked with the
 * conflicts): no new unconfirmed inputs, a higher fee rate than each transaction it conflicts with, at
 * least their fees and those of their descendants, plus the relay fee of its own size, and at most 100
 * transactions evicted. Answers what it would evict.
 */
export function checkReplacement(
  chain: Chain,
  candidate: Candidate,
  conflicts: ReadonlySet<string>,
): Verdict | { evicts: string[] } {
  if (conflicts.size === 0) return { evicts: [] };
  const { tx, txid, fee, vsize } = candidate;
  const evicts = [...new Set([...conflicts].flatMap((id) => [id, ...chain.descendants(id)]))];
  if (evicts.length > MAX_REPLACEMENT_CANDIDATES) {
    return refuse(
      'too many potential replacements',
      `rejecting replacement ${txid}; too many potential replacements (${evicts.length} > ${MAX_REPLACEMENT_CANDIDATES})`,
    );
  }
  const parents = tx.ins.map((input) => txidOf(input.hash));
  const spentConflict = parents.find((parent) => evicts.includes(parent));
  if (spentConflict) {
    return refuse(
      'bad-txns-spends-conflicting-tx',
      `${txid} spends conflicting transaction ${spentConflict}`,
    );
  }
  const conflictParents = new Set(
    [...conflicts].flatMap((id) => chain.tx(id)?.tx.ins.map((input) => txidOf(input.hash)) ?? []),
  );
  const added = parents.findIndex((parent) => chain.inMempool(parent) && !conflictParents.has(parent));
  if (added >= 0)
    return refuse('replacement-adds-unconfirmed', `replacement ${txid} adds unconfirmed input, idx ${added}`);

  const newRate = perKvB(fee, vsize);
  for (const id of conflicts) {
    const old = chain.tx(id);
    if (!old) continue;
    const oldRate = perKvB(old.fee, old.tx.virtualSize());
    if (newRate <= oldRate) {
      return refuse(
        'insufficient fee',
        `rejecting replacement ${txid}; new feerate ${formatFeeRate(newRate)} <= old feerate ${formatFeeRate(oldRate)}`,
      );
    }
  }
  const evictedFees = evicts.reduce((sum, id) => sum + (chain.tx(id)?.fee ?? 0n), 0n);
  if (fee < evictedFees) {
    return refuse(
      'insufficient fee',
      `rejecting replacement ${txid}, less fees than conflicting txs; ${formatBtc(fee)} < ${formatBtc(evictedFees)}`,
    );
  }
  const additional = fee - evictedFees;
  const relayFee = BigInt(vsize) * MIN_RELAY_SATS_PER_VB;
  if (additional < relayFee) {
    return refuse(
      'insufficient fee',
      `rejecting replacement ${txid}, not enough additional fees to relay; ${formatBtc(additional)} < ${formatBtc(relayFee)}`,
    );
  }
  return { evicts };
}
