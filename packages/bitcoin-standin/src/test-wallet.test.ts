import { address, networks, Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { TestWallet } from './test-wallet.ts';

// BIP84's test mnemonic "abandon abandon … about" as its BIP39 seed.
const ABANDON_SEED = Buffer.from(
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  'hex',
);

describe('TestWallet', () => {
  it('derives BIP84 testnet/regtest addresses and account keys as other wallets do for the seed', () => {
    const wallet = TestWallet.fromSeed(ABANDON_SEED);
    const first = wallet.address(0);
    expect(first).toBe('bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk');
    // The same program as the testnet address wallets print for m/84'/1'/0'/0/0.
    expect(address.fromOutputScript(address.toOutputScript(first, networks.regtest), networks.testnet)).toBe(
      'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    );
    expect(wallet.accountVpub).toBe(
      'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc',
    );
    expect(wallet.receiveDescriptor).toMatch(
      /^wpkh\(\[73c5da0a\/84h\/1h\/0h\]tpub[1-9A-HJ-NP-Za-km-z]+\/0\/\*\)$/,
    );
    expect(wallet.address(0, true)).not.toBe(first);
  });

  it('pays with change, signalling replaceability, and replaces with a higher fee from the change', () => {
    const wallet = TestWallet.fromSeed('a named test wallet');
    const coin = { txid: '11'.repeat(32), vout: 1, value: 80_000n, address: wallet.address(0) };
    const payment = wallet.pay({ utxos: [coin], to: wallet.address(4), sats: 30_000n, feeRate: 3 });
    const tx = Transaction.fromHex(payment.hex);
    expect(tx.getId()).toBe(payment.txid);
    expect(tx.ins.map((input) => input.sequence)).toEqual([0xfffffffd]);
    expect(tx.outs.map((out) => out.value)).toEqual([30_000n, payment.change!.value]);
    expect(payment.fee).toBe(80_000n - 30_000n - payment.change!.value);
    expect(Number(payment.fee)).toBeGreaterThanOrEqual(3 * tx.virtualSize());

    const replacement = wallet.replace(payment, { feeRate: 9, to: wallet.address(5) });
    expect(replacement.inputs).toEqual(payment.inputs);
    expect(replacement.fee).toBeGreaterThan(payment.fee);
    expect(replacement.change!.value).toBe(payment.change!.value - (replacement.fee - payment.fee));
    expect(Transaction.fromHex(replacement.hex).outs[0]!.script).toEqual(
      address.toOutputScript(wallet.address(5), networks.regtest),
    );
  });

  it("refuses a coin of an address it has not derived, and a payment its coins can't cover", () => {
    const wallet = TestWallet.fromSeed('another test wallet');
    const stranger = TestWallet.fromSeed('a stranger').address(0);
    expect(() =>
      wallet.pay({
        utxos: [{ txid: '22'.repeat(32), vout: 0, value: 9_000n, address: stranger }],
        to: stranger,
        sats: 1_000n,
      }),
    ).toThrow(/not one of this wallet's addresses/);
    const coin = { txid: '33'.repeat(32), vout: 0, value: 1_000n, address: wallet.address(0) };
    expect(() => wallet.pay({ utxos: [coin], to: stranger, sats: 1_000n })).toThrow(/cannot pay/);
  });
});
