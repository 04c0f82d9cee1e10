import { Block } from 'bitcoinjs-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { startBitcoinStandin, type BitcoinStandin } from './index.ts';
import { accept, broadcast, fundedBuyer, get } from './test-support/esplora.ts';

const REGTEST_GENESIS = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206';

let standin: BitcoinStandin | undefined;
afterEach(() => standin?.close());

describe('blocks', () => {
  it('starts at the regtest genesis block, as every regtest node does', async () => {
    standin = await startBitcoinStandin();
    expect(standin.network).toBe('regtest');
    expect(await get(standin, '/blocks/tip/height')).toMatchObject({
      status: 200,
      text: '0',
      type: 'text/plain',
    });
    expect((await get(standin, '/blocks/tip/hash')).text).toBe(REGTEST_GENESIS);
    expect((await get(standin, '/block-height/0')).text).toBe(REGTEST_GENESIS);
    expect((await get(standin, `/block/${REGTEST_GENESIS}`)).json).toEqual({
      id: REGTEST_GENESIS,
      height: 0,
      version: 1,
      timestamp: 1296688602,
      tx_count: 1,
      size: 285,
      weight: 1140,
      merkle_root: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
      previousblockhash: null,
      mediantime: 1296688602,
      nonce: 2,
      bits: 0x207fffff,
      difficulty: 1,
    });
  });

  it('mines linked blocks with real proof of work, times from the injected clock', async () => {
    let now = Date.UTC(2031, 0, 2, 3, 4, 5);
    standin = await startBitcoinStandin({ now: () => now });
    const hashes = standin.mine(3);
    expect(standin.tipHeight()).toBe(3);
    expect(new Set(hashes).size).toBe(3);
    let previous = REGTEST_GENESIS;
    for (const [index, hash] of hashes.entries()) {
      const block = (await get(standin, `/block/${hash}`)).json;
      expect(block).toMatchObject({ id: hash, height: index + 1, previousblockhash: previous, tx_count: 1 });
      expect((await get(standin, `/block-height/${index + 1}`)).text).toBe(hash);
      previous = hash;
    }
    const first = (await get(standin, `/block/${hashes[0]}`)).json;
    // A stopped clock still moves block time past the median of the last eleven, as consensus asks.
    expect(first.timestamp).toBe(now / 1000);
    expect((await get(standin, `/block/${hashes[2]}`)).json.timestamp).toBe(now / 1000 + 1);
    now += 600_000;
    const [later] = standin.mine(1);
    expect((await get(standin, `/block/${later}`)).json.timestamp).toBe(now / 1000);
    expect((await get(standin, '/blocks/tip/hash')).text).toBe(later);
    expect((await get(standin, `/block/${hashes[1]}/status`)).json).toEqual({
      in_best_chain: true,
      height: 2,
      next_best: hashes[2],
    });
  });

  it("pays the block reward and the mempool's fees to the miner's address", async () => {
    const world = await fundedBuyer(100_000n);
    standin = world.standin;
    const payment = world.buyer.pay({ utxos: [world.coin], to: world.shop, sats: 10_000n, feeRate: 7 });
    await accept(standin, payment);
    const miner = world.merchant.address(9);
    const [hash] = standin.mine(1, miner);
    const [coinbase] = (await get(standin, `/block/${hash}/txids`)).json;
    const reward = (await get(standin, `/tx/${coinbase}`)).json;
    expect(reward.vin[0].is_coinbase).toBe(true);
    expect(reward.vout[0]).toMatchObject({
      scriptpubkey_address: miner,
      value: 5_000_000_000 + Number(payment.fee),
    });
    // The BIP141 witness commitment follows the payouts.
    expect(reward.vout[1]).toMatchObject({ scriptpubkey_type: 'op_return', value: 0 });
    expect(reward.vout[1].scriptpubkey).toMatch(/^6a24aa21a9ed[0-9a-f]{64}$/);
  });

  it('serves headers a Bitcoin library accepts: the block hash is the header hash, with work', async () => {
    standin = await startBitcoinStandin();
    const [hash] = standin.mine(1);
    const json = (await get(standin, `/block/${hash}`)).json;
    const header = new Block();
    header.version = json.version;
    header.prevHash = Buffer.from(json.previousblockhash, 'hex').reverse();
    header.merkleRoot = Buffer.from(json.merkle_root, 'hex').reverse();
    header.timestamp = json.timestamp;
    header.bits = json.bits;
    header.nonce = json.nonce;
    expect(header.getId()).toBe(hash);
    expect(header.checkProofOfWork()).toBe(true);
  });

  it('mines on its own every blockTime milliseconds, taking the mempool, until closed', async () => {
    const world = await fundedBuyer(100_000n, { blockTime: 20 });
    standin = world.standin;
    const payment = world.buyer.pay({ utxos: [world.coin], to: world.shop, sats: 10_000n });
    await accept(standin, payment);
    await expect
      .poll(async () => (await get(standin!, `/tx/${payment.txid}/status`)).json.confirmed, {
        timeout: 5_000,
      })
      .toBe(true);
    await expect.poll(() => standin!.tipHeight(), { timeout: 5_000 }).toBeGreaterThan(3);
    await standin.close();
    const height = standin.tipHeight();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(standin.tipHeight()).toBe(height);
    standin = undefined;
  });

  it('serves raw blocks that parse, with a valid merkle root and witness commitment', async () => {
    const world = await fundedBuyer(100_000n);
    standin = world.standin;
    const payment = world.buyer.pay({ utxos: [world.coin], to: world.shop, sats: 10_000n });
    await accept(standin, payment);
    const [hash] = standin.mine(1);
    const raw = await fetch(`${standin.url}/block/${hash}/raw`);
    expect(raw.headers.get('content-type')).toBe('application/octet-stream');
    const block = Block.fromBuffer(new Uint8Array(await raw.arrayBuffer()));
    expect(block.getId()).toBe(hash);
    expect(block.hasWitnessCommit()).toBe(true);
    expect(block.checkTxRoots()).toBe(true);
    expect(block.transactions!.map((tx) => tx.getId())).toEqual([expect.any(String), payment.txid]);
    expect((await get(standin, `/block/${hash}/header`)).text).toBe(block.toHex(true));
    const txRaw = await fetch(`${standin.url}/tx/${payment.txid}/raw`);
    expect(Buffer.from(await txRaw.arrayBuffer()).toString('hex')).toBe(payment.hex);
  });

  it('answers a fixed fee-estimate table for every Esplora target', async () => {
    standin = await startBitcoinStandin();
    const estimates = (await get(standin, '/fee-estimates')).json;
    const targets = [...Array.from({ length: 25 }, (_, i) => String(i + 1)), '144', '504', '1008'];
    expect(Object.keys(estimates).sort()).toEqual(targets.sort());
    expect(estimates['1']).toBeGreaterThan(estimates['6']);
    expect(estimates['1008']).toBe(1);
  });

  it('refuses a taken port and a network other than regtest', async () => {
    standin = await startBitcoinStandin();
    await expect(startBitcoinStandin({ port: standin.port })).rejects.toThrow(/EADDRINUSE/);
    await expect(startBitcoinStandin({ network: 'mainnet' as 'regtest' })).rejects.toThrow(/regtest only/);
  });
});

describe('block rewards', () => {
  it('are spendable from 100 confirmations on; fund() coins at once', async () => {
    const world = await fundedBuyer(100_000n);
    standin = world.standin;
    const miner = world.buyer.address(1);
    const [hash] = standin.mine(1, miner);
    const [coinbase] = (await get(standin, `/block/${hash}/txids`)).json;
    const reward = { txid: coinbase, vout: 0, value: 5_000_000_000n, address: miner };
    const spend = world.buyer.pay({ utxos: [reward], to: world.shop, sats: 10_000n });
    expect((await broadcast(standin, spend.hex)).text).toContain(
      '"message":"bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1"',
    );
    standin.mine(98);
    expect((await broadcast(standin, spend.hex)).text).toContain('tried to spend coinbase at depth 99');
    standin.mine(1);
    expect(await accept(standin, spend)).toBe(spend.txid);
    // fund()'s coin, a block old, was never held back.
    const early = world.buyer.pay({ utxos: [world.coin], to: world.shop, sats: 10_000n, changeIndex: 1 });
    expect(await accept(standin, early)).toBe(early.txid);
  });
});

describe('test controls over HTTP', () => {
  it('fund, mine and reorg from another process through POST /_standin/…', async () => {
    standin = await startBitcoinStandin();
    const address = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk';
    const post = (path: string) => fetch(`${standin!.url}${path}`, { method: 'POST' });
    const funded = await post(`/_standin/fund?address=${address}&sats=5000`);
    const txid = await funded.text();
    expect((await get(standin, `/tx/${txid}`)).json.vout[0]).toMatchObject({
      scriptpubkey_address: address,
      value: 5000,
    });
    const mined = (await (await post('/_standin/mine?blocks=2')).json()) as string[];
    expect(mined).toHaveLength(2);
    expect((await get(standin, '/blocks/tip/hash')).text).toBe(mined[1]);
    expect(await (await post('/_standin/reorg?depth=2')).text()).toBe('1');
    const refused = await post('/_standin/reorg?depth=5');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/reorg depth must be an integer from 1 to the tip height 1/);
    expect((await post('/_standin/fund?address=nonsense&sats=1')).status).toBe(400);
    expect(standin.tipHeight()).toBe(1);
  });
});

describe('reorg', () => {
  it("returns an orphaned block's payment to the mempool; mining confirms it again in another block", async () => {
    const world = await fundedBuyer(100_000n);
    standin = world.standin;
    const payment = world.buyer.pay({ utxos: [world.coin], to: world.shop, sats: 25_000n });
    await accept(standin, payment);
    const [paid] = standin.mine(1);
    standin.mine(1);
    expect((await get(standin, `/tx/${payment.txid}/status`)).json.block_hash).toBe(paid);

    standin.reorg(2);
    expect(standin.tipHeight()).toBe(1);
    expect((await get(standin, `/tx/${payment.txid}/status`)).json).toEqual({ confirmed: false });
    expect((await get(standin, '/mempool/txids')).json).toEqual([payment.txid]);
    expect((await get(standin, `/address/${world.shop}`)).json.mempool_stats.funded_txo_sum).toBe(25_000);
    expect((await get(standin, `/block/${paid}/status`)).json).toEqual({
      in_best_chain: false,
      height: null,
      next_best: null,
    });
    // Esplora still answers for an orphaned block.
    expect((await get(standin, `/block/${paid}`)).json.height).toBe(2);
    expect((await get(standin, '/block-height/2')).status).toBe(404);

    const [again] = standin.mine(1);
    expect(again).not.toBe(paid);
    expect((await get(standin, `/tx/${payment.txid}/status`)).json).toMatchObject({
      confirmed: true,
      block_height: 2,
      block_hash: again,
    });
  });

  it('drops a payment whose coin came from an orphaned block, and whatever spent it', async () => {
    const world = await fundedBuyer(100_000n);
    standin = world.standin;
    const payment = world.buyer.pay({ utxos: [world.coin], to: world.shop, sats: 25_000n });
    await accept(standin, payment);
    standin.mine(1);
    standin.reorg(2);
    expect(standin.tipHeight()).toBe(0);
    expect((await get(standin, `/tx/${world.coin.txid}`)).status).toBe(404);
    expect((await get(standin, `/tx/${payment.txid}`)).status).toBe(404);
    expect((await get(standin, '/mempool/txids')).json).toEqual([]);
    expect((await get(standin, `/address/${world.shop}/txs`)).json).toEqual([]);
  });

  it('refuses a depth that would orphan genesis', async () => {
    standin = await startBitcoinStandin();
    standin.mine(2);
    expect(() => standin!.reorg(3)).toThrow(RangeError);
    expect(() => standin!.reorg(0)).toThrow(RangeError);
    expect(standin.tipHeight()).toBe(2);
  });
});
