import { Transaction } from 'bitcoinjs-lib';
import { afterEach, describe, expect, it } from 'vitest';
import type { BitcoinStandin } from './index.ts';
import { formatBtc, formatFeeRate, perKvB } from './money.ts';
import { accept, broadcast, fundedBuyer, get } from './test-support/esplora.ts';

let standin: BitcoinStandin | undefined;
afterEach(() => standin?.close());

async function setup() {
  const world = await fundedBuyer(100_000n);
  standin = world.standin;
  return world;
}

const rpcError = (message: string) =>
  `sendrawtransaction RPC error: ${JSON.stringify({ code: -26, message })}`;
const vsizeOf = (hex: string) => Transaction.fromHex(hex).virtualSize();

describe('replace-by-fee (BIP125)', () => {
  it('a replacement to another address unpays the merchant: the original is gone', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 40_000n, feeRate: 2 });
    await accept(standin, payment);
    expect((await get(standin, `/address/${shop}`)).json.mempool_stats.funded_txo_sum).toBe(40_000);

    const refund = buyer.replace(payment, { feeRate: 5, to: buyer.address(7) });
    expect(await accept(standin, refund)).toBe(refund.txid);

    expect(await get(standin, `/tx/${payment.txid}`)).toMatchObject({
      status: 404,
      text: 'Transaction not found',
    });
    expect((await get(standin, `/tx/${payment.txid}/hex`)).status).toBe(404);
    // As electrs answers for any txid it does not hold: status alone cannot tell a replaced payment.
    expect((await get(standin, `/tx/${payment.txid}/status`)).json).toEqual({ confirmed: false });
    expect((await get(standin, `/address/${shop}/txs`)).json).toEqual([]);
    expect((await get(standin, `/address/${shop}/utxo`)).json).toEqual([]);
    expect((await get(standin, `/address/${shop}`)).json.mempool_stats.tx_count).toBe(0);
    expect((await get(standin, `/tx/${coin.txid}/outspend/0`)).json.txid).toBe(refund.txid);
    expect((await get(standin, '/mempool/txids')).json).toEqual([refund.txid]);

    standin.mine(1);
    expect((await get(standin, `/tx/${refund.txid}/status`)).json.confirmed).toBe(true);
    expect((await get(standin, `/address/${shop}/txs`)).json).toEqual([]);
  });

  it('refuses a replacement that does not pay a higher fee rate', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 40_000n, feeRate: 4 });
    await accept(standin, payment);
    const same = buyer.replace(payment, { feeRate: 4, to: buyer.address(7) });
    const answer = await broadcast(standin, same.hex);
    expect(answer.status).toBe(400);
    const rate = (fee: bigint, hex: string) => formatFeeRate(perKvB(fee, vsizeOf(hex)));
    expect(answer.text).toBe(
      rpcError(
        `insufficient fee, rejecting replacement ${same.txid}; new feerate ${rate(same.fee, same.hex)} <= old feerate ${rate(payment.fee, payment.hex)}`,
      ),
    );
    expect((await get(standin, `/tx/${payment.txid}`)).status).toBe(200);
  });

  it('refuses a replacement whose extra fee does not pay for its own relay', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 40_000n, feeRate: 10 });
    await accept(standin, payment);
    // A higher rate on fewer bytes: one output instead of two, paying 1 sat more than the original.
    const fee = payment.fee + 1n;
    const smaller = buyer.pay({ utxos: [coin], to: buyer.address(3), sats: 100_000n - fee, fee });
    expect(smaller.change).toBeUndefined();
    expect(smaller.fee).toBe(payment.fee + 1n);
    const answer = await broadcast(standin, smaller.hex);
    expect(answer.text).toBe(
      rpcError(
        `insufficient fee, rejecting replacement ${smaller.txid}, not enough additional fees to relay; 0.00000001 < ${formatBtc(BigInt(vsizeOf(smaller.hex)))}`,
      ),
    );
  });

  it('refuses to replace a payment that did not signal replaceability', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 40_000n, rbf: false });
    await accept(standin, payment);
    const replacement = buyer.replace(payment, { feeRate: 50, to: buyer.address(7) });
    expect((await broadcast(standin, replacement.hex)).text).toBe(rpcError('txn-mempool-conflict'));
    expect((await get(standin, `/address/${shop}/utxo`)).json).toHaveLength(1);
  });

  it("evicts the original's descendants with it, and counts their fees", async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 40_000n, feeRate: 2 });
    await accept(standin, payment);
    const change = {
      txid: payment.txid,
      vout: 1,
      value: payment.change!.value,
      address: payment.change!.address,
    };
    const child = buyer.pay({ utxos: [change], to: shop, sats: 5_000n, feeRate: 30, changeIndex: 2 });
    await accept(standin, child);
    expect((await get(standin, `/address/${shop}/txs`)).json).toHaveLength(2);

    // A higher rate than the parent but less than parent and child paid together.
    const low = buyer.replace(payment, { feeRate: 4, to: buyer.address(7) });
    const evicted = payment.fee + child.fee;
    expect((await broadcast(standin, low.hex)).text).toBe(
      rpcError(
        `insufficient fee, rejecting replacement ${low.txid}, less fees than conflicting txs; ${formatBtc(low.fee)} < ${formatBtc(evicted)}`,
      ),
    );
    const high = buyer.replace(payment, { feeRate: 60, to: buyer.address(7) });
    await accept(standin, high);
    expect((await get(standin, `/tx/${child.txid}`)).status).toBe(404);
    expect((await get(standin, `/address/${shop}/txs`)).json).toEqual([]);
    expect((await get(standin, '/mempool/txids')).json).toEqual([high.txid]);
  });

  it('refuses a replacement that adds an unconfirmed input', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 40_000n });
    await accept(standin, payment);
    const second = standin.fund(buyer.address(1), 60_000n);
    const waiting = buyer.pay({
      utxos: [{ txid: second, vout: 0, value: 60_000n, address: buyer.address(1) }],
      to: buyer.address(2),
      sats: 50_000n,
      changeIndex: 3,
    });
    await accept(standin, waiting);
    // Spends the original's coin and the waiting payment's output: more than either covers.
    const coins = [coin, { txid: waiting.txid, vout: 0, value: 50_000n, address: buyer.address(2) }];
    const replacement = buyer.pay({ utxos: coins, to: buyer.address(7), sats: 120_000n, feeRate: 20 });
    expect(replacement.inputs).toHaveLength(2);
    const vin = replacement.inputs.findIndex((input) => input.txid === waiting.txid);
    expect((await broadcast(standin, replacement.hex)).text).toBe(
      rpcError(
        `replacement-adds-unconfirmed, replacement ${replacement.txid} adds unconfirmed input, idx ${vin}`,
      ),
    );
  });

  it('refuses to replace a payment already mined', async () => {
    const { standin, buyer, coin, shop } = await setup();
    const payment = buyer.pay({ utxos: [coin], to: shop, sats: 40_000n });
    await accept(standin, payment);
    standin.mine(1);
    const late = buyer.replace(payment, { feeRate: 50, to: buyer.address(7) });
    expect((await broadcast(standin, late.hex)).text).toContain(
      '"code":-25,"message":"bad-txns-inputs-missingorspent"',
    );
  });
});
