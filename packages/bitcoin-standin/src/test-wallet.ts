import { createHash } from 'node:crypto';
import * as ecc from '@bitcoinerlab/secp256k1';
import { BIP32Factory, type BIP32Interface } from 'bip32';
import { payments, Psbt } from 'bitcoinjs-lib';
import { regtest } from './scripts.ts';

const bip32 = BIP32Factory(ecc);

/** SLIP-132 version bytes of a BIP84 testnet/regtest account key: vpub…, vprv…. */
const VPUB_NETWORK = { ...regtest, bip32: { public: 0x045f1cf6, private: 0x045f18bc } };
const ACCOUNT_PATH = "m/84'/1'/0'";
/** BIP125: every input opts in to replacement. */
const RBF_SEQUENCE = 0xfffffffd;
const P2WPKH_DUST = 294n;

export interface WalletUtxo {
  txid: string;
  vout: number;
  value: bigint;
  address: string;
}

export interface SignedPayment {
  txid: string;
  hex: string;
  fee: bigint;
  /** The coins it spends, in input order. */
  inputs: WalletUtxo[];
  to: string;
  sats: bigint;
  /** The change output, when there is one (always after the payment, at output 1). */
  change?: { address: string; value: bigint };
}

export interface PayOptions {
  /** Coins to spend from, largest first; the wallet's own addresses only. */
  utxos: WalletUtxo[];
  to: string;
  sats: bigint | number;
  /** sat/vB, default 2. */
  feeRate?: number;
  /** An exact fee in satoshis instead of a rate (a test of fee rules needs the very number). */
  fee?: bigint;
  /** Signal BIP125 replaceability (default true). */
  rbf?: boolean;
  /** nLockTime: a block height below 500 000 000, else a Unix time (default 0). */
  locktime?: number;
  /** Index of the change address (m/84'/1'/0'/1/i), default 0. */
  changeIndex?: number;
}

/**
 * A BIP84 (native SegWit, P2WPKH) regtest wallet for tests: derives addresses from a seed or a root
 * tprv, pays an address with real signatures, and replaces its own payments by fee. Test tool only.
 */
export class TestWallet {
  private readonly account: BIP32Interface;
  private readonly keys = new Map<string, BIP32Interface>();

  private constructor(private readonly root: BIP32Interface) {
    this.account = root.derivePath(ACCOUNT_PATH);
    this.fingerprint = Buffer.from(root.fingerprint).toString('hex');
  }

  /** The root key's fingerprint, for descriptors. */
  readonly fingerprint: string;

  /** From 16 to 64 bytes of seed, or any text (hashed to a seed), so a test can name its wallet. */
  static fromSeed(seed: Uint8Array | string): TestWallet {
    const bytes = typeof seed === 'string' ? createHash('sha256').update(seed).digest() : seed;
    return new TestWallet(bip32.fromSeed(bytes, regtest));
  }

  /** From a root extended private key (tprv…). */
  static fromXprv(xprv: string): TestWallet {
    return new TestWallet(bip32.fromBase58(xprv, regtest));
  }

  /** The account's extended public key as BIP84 wallets show it on testnet and regtest (vpub…). */
  get accountVpub(): string {
    const root = bip32.fromPrivateKey(this.root.privateKey as Uint8Array, this.root.chainCode, VPUB_NETWORK);
    return root.derivePath(ACCOUNT_PATH).neutered().toBase58();
  }

  /** The account as an output descriptor: wpkh([fingerprint/84h/1h/0h]tpub…/0/*). */
  get receiveDescriptor(): string {
    return `wpkh([${this.fingerprint}/84h/1h/0h]${this.account.neutered().toBase58()}/0/*)`;
  }

  /** m/84'/1'/0'/{change ? 1 : 0}/{index} as a bcrt1q… address. */
  address(index: number, change = false): string {
    const key = this.account.derive(change ? 1 : 0).derive(index);
    const address = payments.p2wpkh({ pubkey: key.publicKey, network: regtest }).address as string;
    this.keys.set(address, key);
    return address;
  }

  /** The coins of the wallet's addresses so far, read from an Esplora API. */
  async utxos(esploraUrl: string): Promise<WalletUtxo[]> {
    const lists = await Promise.all(
      [...this.keys.keys()].map(async (address) => {
        const response = await fetch(`${esploraUrl}/address/${address}/utxo`);
        if (!response.ok) throw new Error(`utxo of ${address}: ${response.status} ${await response.text()}`);
        const utxos = (await response.json()) as { txid: string; vout: number; value: number }[];
        return utxos.map((utxo) => ({
          txid: utxo.txid,
          vout: utxo.vout,
          value: BigInt(utxo.value),
          address,
        }));
      }),
    );
    return lists.flat();
  }

  /** A signed payment of `sats` to `to`, the rest back to a change address. */
  pay(options: PayOptions): SignedPayment {
    const sats = BigInt(options.sats);
    const feeRate = options.feeRate ?? 2;
    const feeFor = (inputs: number, outputs: number) => options.fee ?? estimateFee(feeRate, inputs, outputs);
    const candidates = [...options.utxos].sort((a, b) =>
      a.value > b.value ? -1 : a.value < b.value ? 1 : 0,
    );
    const inputs: WalletUtxo[] = [];
    let total = 0n;
    for (const utxo of candidates) {
      inputs.push(utxo);
      total += utxo.value;
      if (total >= sats + feeFor(inputs.length, 2)) break;
    }
    const withChange = feeFor(inputs.length, 2);
    if (total < sats + feeFor(inputs.length, 1)) {
      throw new Error(`TestWallet: ${total} sats in ${inputs.length} coins cannot pay ${sats} and the fee`);
    }
    const changeValue = total - sats - withChange;
    const change =
      changeValue >= P2WPKH_DUST
        ? { address: this.address(options.changeIndex ?? 0, true), value: changeValue }
        : undefined;
    return this.sign(
      inputs,
      { to: options.to, sats, change },
      { rbf: options.rbf ?? true, locktime: options.locktime ?? 0 },
    );
  }

  /**
   * A replacement of one of this wallet's payments: the same coins, paying `sats` to `to` (by default
   * the original's), its fee at `feeRate`, taken from the change.
   */
  replace(original: SignedPayment, options: { feeRate: number; to?: string }): SignedPayment {
    const total = original.inputs.reduce((sum, utxo) => sum + utxo.value, 0n);
    const fee = estimateFee(options.feeRate, original.inputs.length, original.change ? 2 : 1);
    const changeValue = total - original.sats - fee;
    if (!original.change || changeValue < P2WPKH_DUST) {
      throw new Error('TestWallet: not enough change to raise the fee; pay with more coins');
    }
    const change = { address: original.change.address, value: changeValue };
    const to = options.to ?? original.to;
    return this.sign(original.inputs, { to, sats: original.sats, change }, { rbf: true, locktime: 0 });
  }

  private sign(
    inputs: WalletUtxo[],
    { to, sats, change }: Pick<SignedPayment, 'to' | 'sats' | 'change'>,
    { rbf, locktime }: { rbf: boolean; locktime: number },
  ): SignedPayment {
    const psbt = new Psbt({ network: regtest });
    psbt.setLocktime(locktime);
    for (const utxo of inputs) {
      const key = this.keyOf(utxo.address);
      psbt.addInput({
        hash: utxo.txid,
        index: utxo.vout,
        sequence: rbf ? RBF_SEQUENCE : 0xffffffff,
        witnessUtxo: {
          script: payments.p2wpkh({ pubkey: key.publicKey }).output as Uint8Array,
          value: utxo.value,
        },
      });
    }
    psbt.addOutput({ address: to, value: sats });
    if (change) psbt.addOutput({ address: change.address, value: change.value });
    inputs.forEach((utxo, index) => psbt.signInput(index, this.keyOf(utxo.address)));
    psbt.finalizeAllInputs();
    const tx = psbt.extractTransaction();
    const fee = inputs.reduce((sum, utxo) => sum + utxo.value, 0n) - sats - (change?.value ?? 0n);
    return { txid: tx.getId(), hex: tx.toHex(), fee, inputs, to, sats, ...(change ? { change } : {}) };
  }

  private keyOf(address: string): BIP32Interface {
    const key = this.keys.get(address);
    if (!key)
      throw new Error(`TestWallet: ${address} is not one of this wallet's addresses (derive it first)`);
    return key;
  }
}

/** An upper bound of a P2WPKH transaction's vsize (72-byte signatures), times the fee rate. */
function estimateFee(satsPerVb: number, inputs: number, outputs: number): bigint {
  const vsize = 11 + 68 * inputs + 31 * outputs;
  return BigInt(Math.ceil(satsPerVb * vsize));
}
