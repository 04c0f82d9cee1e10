import { ECPairFactory } from 'ecpair';
import * as ecc from '@bitcoinerlab/secp256k1';
import { payments, script, Transaction } from 'bitcoinjs-lib';
import { afterEach, describe, expect, it } from 'vitest';
import type { BitcoinStandin } from './index.ts';
import { accept, broadcast, fundedBuyer, get } from './test-support/esplora.ts';

let standin: BitcoinStandin | undefined;
afterEach(() => standin?.close());

async function setup(sats = 100_000n) {
  const world = await fundedBuyer(sats);
  standin = world.standin;
  return world;
}

const rpcError = (code: number, message: string) =>
  `sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`;

describe('funding', () => {
  it('funds an address with a confirmed coinbase output in a block of its own', async () => {
    const { standin, coin, buyer } = await setup(250_000n);
    expect(standin.tipHeight()).toBe(1);
    const tx = (await get(standin, `/tx/${coin.txid}`)).json;
    expect(tx.vin).toHaveLength(1);
    expect(tx.vin[0]).toMatchObject({
      is_coinbase: true,
      prevout: null,
      vout: 0xffffffff,
      txid: '0'.repeat(64),
    });
    expect(tx.vout[0]).toEqual({
      scriptpubkey: expect.stringMatching(/^0014[0-9a-f]{40}$/),
      scriptpubkey_asm: expect.stringMatching(/^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/),
      scriptpubkey_type: 'v0_p2wpkh',
      scriptpubkey_address: buyer.address(0),
      value: 250_000,
    });
    expect(tx.fee).toBe(0);
    expect(tx.status).toMatchObject({ confirmed: true, block_height: 1 });
    const utxo = (await get(standin, `/address/${buyer.address(0)}/utxo`)).json;
    expect(utxo).toEqual([{ txid: coin.txid, vout: 0, status: tx.status, value: 250_000 }]);
  });
});

describe('a payment', () => {
  it('waits in the mempool, is mined, and counts confirmations from the tip', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 42_000n, feeRate: 3 });
    const answer = await broadcast(standin, payment.hex);
    expect(answer).toMatchObject({ status: 200, text: payment.txid, type: 'text/plain' });

    expect((await get(standin, `/tx/${payment.txid}/status`)).json).toEqual({ confirmed: false });
    const waiting = (await get(standin, `/tx/${payment.txid}`)).json;
    expect(waiting.fee).toBe(Number(payment.fee));
    expect(waiting.status).toEqual({ confirmed: false });
    expect(waiting.vin[0]).toMatchObject({
      txid: coin.txid,
      vout: 0,
      is_coinbase: false,
      sequence: 0xfffffffd,
      scriptsig: '',
      prevout: { value: 100_000, scriptpubkey_address: buyer.address(0) },
    });
    expect(waiting.vin[0].witness).toHaveLength(2);
    expect(waiting.vout.map((out: any) => [out.scriptpubkey_address, out.value])).toEqual([
      [shop, 42_000],
      [payment.change?.address, Number(payment.change?.value)],
    ]);
    expect(waiting.size).toBe(payment.hex.length / 2);
    expect(waiting.weight).toBe(Transaction.fromHex(payment.hex).weight());
    expect((await get(standin, `/tx/${payment.txid}/hex`)).text).toBe(payment.hex);
    expect((await get(standin, '/mempool/txids')).json).toEqual([payment.txid]);

    const [blockHash] = standin.mine(1);
    standin.mine(2);
    const status = (await get(standin, `/tx/${payment.txid}/status`)).json;
    const block = (await get(standin, `/block/${blockHash}`)).json;
    expect(status).toEqual({
      confirmed: true,
      block_height: 2,
      block_hash: blockHash,
      block_time: block.timestamp,
    });
    const tip = Number((await get(standin, '/blocks/tip/height')).text);
    expect(tip - status.block_height + 1).toBe(3);
    expect(block.tx_count).toBe(2);
    expect((await get(standin, `/block/${blockHash}/txids`)).json[1]).toBe(payment.txid);
    expect((await get(standin, '/mempool/txids')).json).toEqual([]);
  });

  it("shows in both addresses' stats, history and coins, mempool first then confirmed", async () => {
    const { standin, buyer, coin, shop } = await setup();
    const first = buyer.pay({ utxos: [coin], to: shop, sats: 30_000n });
    await accept(standin, first);
    let stats = (await get(standin, `/address/${shop}`)).json;
    expect(stats).toEqual({
      address: shop,
      chain_stats: {
        funded_txo_count: 0,
        funded_txo_sum: 0,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 0,
      },
      mempool_stats: {
        funded_txo_count: 1,
        funded_txo_sum: 30_000,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 1,
      },
    });
    const buyerStats = (await get(standin, `/address/${buyer.address(0)}`)).json;
    expect(buyerStats.chain_stats).toMatchObject({ funded_txo_sum: 100_000, tx_count: 1 });
    expect(buyerStats.mempool_stats).toMatchObject({
      spent_txo_count: 1,
      spent_txo_sum: 100_000,
      tx_count: 1,
    });
    // The buyer's coin is spent by a waiting transaction: no longer offered.
    expect((await get(standin, `/address/${buyer.address(0)}/utxo`)).json).toEqual([]);

    standin.mine(1);
    const change = (await buyer.utxos(standin.url)).filter((utxo) => utxo.txid === first.txid);
    expect(change).toHaveLength(1);
    const second = buyer.pay({ utxos: change, to: shop, sats: 20_000n, changeIndex: 1 });
    await accept(standin, second);

    const history = (await get(standin, `/address/${shop}/txs`)).json;
    expect(history.map((tx: any) => [tx.txid, tx.status.confirmed])).toEqual([
      [second.txid, false],
      [first.txid, true],
    ]);
    expect((await get(standin, `/address/${shop}/txs/mempool`)).json.map((tx: any) => tx.txid)).toEqual([
      second.txid,
    ]);
    expect((await get(standin, `/address/${shop}/txs/chain`)).json.map((tx: any) => tx.txid)).toEqual([
      first.txid,
    ]);
    stats = (await get(standin, `/address/${shop}`)).json;
    expect(stats.chain_stats).toMatchObject({ funded_txo_count: 1, funded_txo_sum: 30_000, tx_count: 1 });
    expect(stats.mempool_stats).toMatchObject({ funded_txo_count: 1, funded_txo_sum: 20_000, tx_count: 1 });
    const coins = (await get(standin, `/address/${shop}/utxo`)).json;
    expect(coins.map((utxo: any) => [utxo.txid, utxo.value, utxo.status.confirmed])).toEqual([
      [first.txid, 30_000, true],
      [second.txid, 20_000, false],
    ]);
  });

  it('answers outspend: unspent, spent by a waiting transaction, spent in a block', async () => {
    const { standin, buyer, coin, shop } = await setup();
    expect((await get(standin, `/tx/${coin.txid}/outspend/0`)).json).toEqual({ spent: false });
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 10_000n });
    await accept(standin, payment);
    expect((await get(standin, `/tx/${coin.txid}/outspend/0`)).json).toEqual({
      spent: true,
      txid: payment.txid,
      vin: 0,
      status: { confirmed: false },
    });
    const [hash] = standin.mine(1);
    expect((await get(standin, `/tx/${coin.txid}/outspend/0`)).json).toMatchObject({
      spent: true,
      txid: payment.txid,
      status: { confirmed: true, block_hash: hash },
    });
    expect((await get(standin, `/tx/${payment.txid}/outspends`)).json).toEqual([
      { spent: false },
      { spent: false },
    ]);
  });

  it('answers a repeated broadcast of a waiting transaction with its txid again', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 10_000n });
    expect((await broadcast(standin, payment.hex)).text).toBe(payment.txid);
    expect((await broadcast(standin, payment.hex)).text).toBe(payment.txid);
    standin.mine(1);
    const again = await broadcast(standin, payment.hex);
    expect(again.status).toBe(400);
    expect(again.text).toBe(rpcError(-27, 'Transaction outputs already in utxo set'));
  });
});

describe('refusals', () => {
  it('refuses a payment whose signature does not cover what it spends', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 10_000n });
    const tampered = Transaction.fromHex(payment.hex);
    (tampered.outs[0] as { value: bigint }).value = 9_000n;
    const answer = await broadcast(standin, tampered.toHex());
    expect(answer.status).toBe(400);
    expect(answer.text).toBe(
      rpcError(
        -26,
        'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)',
      ),
    );
    expect((await get(standin, `/tx/${tampered.getId()}`)).status).toBe(404);
  });

  it("refuses a signature by another key, and another key's hash", async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 10_000n });
    const thief = ECPairFactory(ecc).makeRandom();
    const [signature, pubkey] = Transaction.fromHex(payment.hex).ins[0]!.witness as [Uint8Array, Uint8Array];
    const stolen = Transaction.fromHex(payment.hex);
    stolen.setWitness(0, [signature, thief.publicKey]);
    expect((await broadcast(standin, stolen.toHex())).text).toBe(
      rpcError(-26, 'mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)'),
    );
    // The right digest, signed by a key that is not the one the coin pays.
    const forged = Transaction.fromHex(payment.hex);
    const scriptCode = payments.p2pkh({ pubkey }).output as Uint8Array;
    const digest = forged.hashForWitnessV0(0, scriptCode, coin.value, Transaction.SIGHASH_ALL);
    forged.setWitness(0, [script.signature.encode(thief.sign(digest), Transaction.SIGHASH_ALL), pubkey]);
    expect((await broadcast(standin, forged.toHex())).text).toBe(
      rpcError(
        -26,
        'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)',
      ),
    );
  });

  it('refuses a double spend of a waiting transaction that does not signal replacement, then of a mined one', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const honest = buyer.pay({ utxos: [coin], to: shop, sats: 10_000n, rbf: false });
    await accept(standin, honest);
    const thief = buyer.pay({ utxos: [coin], to: buyer.address(5), sats: 10_000n, feeRate: 20 });
    expect((await broadcast(standin, thief.hex)).text).toBe(rpcError(-26, 'txn-mempool-conflict'));
    standin.mine(1);
    expect((await broadcast(standin, thief.hex)).text).toBe(rpcError(-25, 'bad-txns-inputs-missingorspent'));
    expect((await get(standin, `/address/${shop}/utxo`)).json).toHaveLength(1);
  });

  it('refuses a coin that does not exist, dust, more out than in, and too low a fee', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const ghost = buyer.pay({ utxos: [{ ...coin, txid: 'ab'.repeat(32) }], to: shop, sats: 10_000n });
    expect((await broadcast(standin, ghost.hex)).text).toBe(rpcError(-25, 'bad-txns-inputs-missingorspent'));
    const dust = buyer.pay({ utxos: [coin], to: shop, sats: 293n });
    expect((await broadcast(standin, dust.hex)).text).toBe(rpcError(-26, 'dust'));
    const justEnough = buyer.pay({ utxos: [coin], to: shop, sats: 294n });
    expect((await broadcast(standin, justEnough.hex)).status).toBe(200);

    const other = await fundedBuyer(50_000n);
    try {
      const overspend = other.buyer.pay({
        utxos: [{ ...other.coin, value: 60_000n }],
        to: shop,
        sats: 55_000n,
      });
      const valueOut = overspend.sats + (overspend.change?.value ?? 0n);
      expect(valueOut).toBe(60_000n - overspend.fee);
      expect((await broadcast(other.standin, overspend.hex)).text).toBe(
        rpcError(-26, `bad-txns-in-belowout, value in (0.0005) < value out (0.000${valueOut})`),
      );
      const cheap = other.buyer.pay({ utxos: [other.coin], to: shop, sats: 10_000n, feeRate: 0.5 });
      const vsize = Transaction.fromHex(cheap.hex).virtualSize();
      expect((await broadcast(other.standin, cheap.hex)).text).toBe(
        rpcError(-26, `min relay fee not met, ${cheap.fee} < ${vsize}`),
      );
    } finally {
      await other.standin.close();
    }
  });

  it('refuses a payment locked to a later block until that block is next', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const locked = buyer.pay({ utxos: [coin], to: shop, sats: 10_000n, locktime: 3 });
    expect((await broadcast(standin, locked.hex)).text).toBe(rpcError(-26, 'non-final'));
    standin.mine(1);
    expect((await broadcast(standin, locked.hex)).text).toBe(rpcError(-26, 'non-final'));
    standin.mine(1);
    expect(await accept(standin, locked)).toBe(locked.txid);
  });

  it('refuses a valid signature with a high S as non-standard (BIP146 low S)', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 10_000n });
    const tx = Transaction.fromHex(payment.hex);
    const [signature, pubkey] = tx.ins[0]!.witness as [Uint8Array, Uint8Array];
    const { signature: rs, hashType } = script.signature.decode(signature);
    const order = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
    const highS = order - BigInt('0x' + Buffer.from(rs.subarray(32)).toString('hex'));
    const malleated = Buffer.concat([
      rs.subarray(0, 32),
      Buffer.from(highS.toString(16).padStart(64, '0'), 'hex'),
    ]);
    tx.setWitness(0, [script.signature.encode(malleated, hashType), pubkey]);
    expect((await broadcast(standin, tx.toHex())).text).toBe(
      rpcError(
        -26,
        'non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)',
      ),
    );
  });

  it('refuses what is not a transaction, and bad paths, in electrs words', async () => {
    const { standin } = await setup();
    expect((await broadcast(standin, 'not hex')).text).toBe(
      rpcError(-22, 'TX decode failed. Make sure the tx has at least one input.'),
    );
    expect(await get(standin, `/tx/${'cd'.repeat(32)}`)).toMatchObject({
      status: 404,
      text: 'Transaction not found',
    });
    expect(await get(standin, '/tx/xyz')).toMatchObject({ status: 400, text: 'Invalid hex string' });
    expect(await get(standin, '/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toMatchObject({
      status: 400,
      text: 'Address on invalid network',
    });
    expect(await get(standin, '/address/nonsense/utxo')).toMatchObject({
      status: 400,
      text: 'Invalid Bitcoin address',
    });
    expect(await get(standin, '/block-height/99')).toMatchObject({ status: 404, text: 'Block not found' });
    expect(await get(standin, '/nowhere')).toMatchObject({
      status: 404,
      text: 'endpoint does not exist "/nowhere"',
    });
  });
});
