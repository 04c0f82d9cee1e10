import { describe, expect, it } from 'vitest';
import type { EsploraTx } from './esplora.ts';
import {
  beyondReorgs,
  isReceived,
  observe,
  payingBlocks,
  REORG_WINDOW_BLOCKS,
  stateOf,
  type PayingTx,
} from './judge.ts';

const ME = 'bcrt1qme';
const tx = (
  txid: string,
  outs: [string, number][],
  block?: [number, string],
  from = 'bcrt1qbuyer',
): EsploraTx => ({
  txid,
  vin: [{ prevout: { scriptpubkey_address: from, value: 1 } }],
  vout: outs.map(([address, value]) => ({ scriptpubkey_address: address, value })),
  status: block ? { confirmed: true, block_height: block[0], block_hash: block[1] } : { confirmed: false },
});

describe('what the chain shows of one receiving address', () => {
  it('sums every output to the address over every transaction, and only those, exactly', () => {
    const seen = observe(
      ME,
      [
        tx(
          'a',
          [
            [ME, 600],
            ['bcrt1qchange', 99],
            [ME, 400],
          ],
          [10, 'h10'],
        ),
        tx('b', [['bcrt1qelse', 5]]),
      ],
      10,
      1,
      [],
    );
    expect(seen).toMatchObject({
      received: 1_000n,
      confirmed: 1_000n,
      confirmations: 1,
      payer: 'bcrt1qbuyer',
    });
    expect(seen.txs).toEqual([{ txid: 'a', sats: '1000', height: 10, block: 'h10' }]);
  });

  it('counts confirmations as Esplora clients must (tip − height + 1) and waits for the fewest', () => {
    const txs = [tx('old', [[ME, 500]], [5, 'h5']), tx('new', [[ME, 500]], [9, 'h9'])];
    const seen = observe(ME, txs, 10, 3, []);
    expect(seen).toMatchObject({ received: 1_000n, confirmed: 500n, confirmations: 2 });
    expect(stateOf(seen, 1_000n)).toBe('confirming');
    expect(stateOf(observe(ME, txs, 11, 3, []), 1_000n)).toBe('paid');
    expect(stateOf(observe(ME, txs, 11, 3, []), 1_001n)).toBe('underpaid');
    expect(stateOf(observe(ME, [], 11, 3, []), 1n)).toBe('unpaid');
  });

  it('tells a payment that vanished (replaced, double-spent) from one whose block was orphaned', () => {
    const before: PayingTx[] = [
      { txid: 'gone', sats: '100', height: null, block: null },
      { txid: 'reorged', sats: '100', height: 7, block: 'h7' },
      { txid: 'moved', sats: '100', height: 7, block: 'h7' },
      { txid: 'kept', sats: '100', height: 6, block: 'h6' },
    ];
    const now = [
      tx('reorged', [[ME, 100]]),
      tx('moved', [[ME, 100]], [8, 'h8b']),
      tx('kept', [[ME, 100]], [6, 'h6']),
    ];
    const seen = observe(ME, now, 8, 1, before);
    expect(seen.vanished).toEqual(['gone']);
    expect(seen.orphaned).toEqual(['reorged', 'moved']);
    expect(seen.received).toBe(300n);
  });
});

describe('a paid payment after its confirmations', () => {
  it('is received while enough is confirmed, or after its end while all that arrived is confirmed', () => {
    const confirmed = observe(ME, [tx('a', [[ME, 500]], [5, 'h5'])], 5, 1, []);
    expect(isReceived(confirmed, 500n, 100, 200)).toBe(true);
    expect(isReceived(confirmed, 600n, 100, 200)).toBe(false);
    expect(isReceived(confirmed, 600n, 200, 200)).toBe(true);
    // Orphaned, back in the mempool: nothing is confirmed, whatever the time.
    const waiting = observe(ME, [tx('a', [[ME, 500]])], 5, 1, confirmed.txs);
    expect(isReceived(waiting, 500n, 300, 200)).toBe(false);
  });

  it(`is beyond reorgs once every mined paying transaction has ${REORG_WINDOW_BLOCKS} confirmations`, () => {
    const txs: PayingTx[] = [
      { txid: 'a', sats: '1', height: 10, block: 'h10' },
      { txid: 'b', sats: '1', height: 12, block: 'h12' },
      { txid: 'waiting', sats: '1', height: null, block: null },
    ];
    expect(beyondReorgs(txs, 12 + REORG_WINDOW_BLOCKS - 2)).toBe(false);
    expect(beyondReorgs(txs, 12 + REORG_WINDOW_BLOCKS - 1)).toBe(true);
    // A chain cut shorter than the payment (a reorg not yet built on) is not past it.
    expect(beyondReorgs(txs, 9)).toBe(false);
    expect(payingBlocks(txs)).toEqual(['h10', 'h12']);
  });
});
