import * as ecc from '@bitcoinerlab/secp256k1';
import { BIP32Factory, type BIP32Interface } from 'bip32';
import { networks, payments, type Network } from 'bitcoinjs-lib';

const bip32 = BIP32Factory(ecc);

export const BITCOIN_NETWORKS = ['bitcoin', 'testnet', 'regtest'] as const;
export type BitcoinNetwork = (typeof BITCOIN_NETWORKS)[number];

/** bitcoinjs-lib's parameters of each network: address prefixes (bc, tb, bcrt) and BIP32 versions. */
export const NETWORK_PARAMS: Record<BitcoinNetwork, Network> = {
  bitcoin: networks.bitcoin,
  testnet: networks.testnet,
  regtest: networks.regtest,
};

/**
 * The extended public key versions taken as a BIP84 (native SegWit) account, by network: SLIP-132's
 * zpub/vpub, and the plain xpub/tpub most wallets also export for it (and descriptors use). Testnet
 * and regtest share their versions. BIP44/BIP49 keys (ypub, upub …) are refused: they name other
 * address types, and a payment to the BIP84 address of their key would never show in that wallet.
 */
const PUBLIC_VERSIONS: Record<BitcoinNetwork, readonly number[]> = {
  bitcoin: [0x04b24746 /* zpub */, 0x0488b21e /* xpub */],
  testnet: [0x045f1cf6 /* vpub */, 0x043587cf /* tpub */],
  regtest: [0x045f1cf6 /* vpub */, 0x043587cf /* tpub */],
};

/** BIP84's account level: m / 84' / coin' / account'. */
const ACCOUNT_DEPTH = 3;

/** Why an extended key is refused; each is an i18n key (`validation.*`, en and zh). */
export type XpubProblem =
  | 'validation.bitcoinXpub'
  | 'validation.bitcoinXpubPrivate'
  | 'validation.bitcoinXpubNetwork'
  | 'validation.bitcoinXpubDepth';

/**
 * The merchant's BIP84 account key, read for `network`: its receiving chain (…/0), or why it is
 * refused. Only a public key is ever taken: Kiosk derives where to be paid and can never spend.
 */
export function readAccountKey(
  text: string,
  network: BitcoinNetwork,
): { chain: BIP32Interface } | { problem: XpubProblem } {
  // xprv, tprv, zprv, vprv …: a private key must never be pasted into a server.
  if (/^[a-z]prv/.test(text)) return { problem: 'validation.bitcoinXpubPrivate' };
  const params = NETWORK_PARAMS[network];
  let account: BIP32Interface | undefined;
  for (const version of PUBLIC_VERSIONS[network]) {
    try {
      // A private version no key has: a private key under a public prefix is refused too.
      account = bip32.fromBase58(text, { ...params, bip32: { public: version, private: 0 } });
      break;
    } catch {
      // another version, or not an extended key at all (told apart below)
    }
  }
  if (!account)
    return { problem: knownElsewhere(text) ? 'validation.bitcoinXpubNetwork' : 'validation.bitcoinXpub' };
  if (account.depth !== ACCOUNT_DEPTH || account.isNeutered() === false)
    return { problem: 'validation.bitcoinXpubDepth' };
  return { chain: account.derive(0) };
}

/** A key that parses under another network's versions: the merchant picked the wrong network. */
function knownElsewhere(text: string): boolean {
  return BITCOIN_NETWORKS.some((other) =>
    PUBLIC_VERSIONS[other].some((version) => {
      try {
        bip32.fromBase58(text, { ...NETWORK_PARAMS[other], bip32: { public: version, private: 0 } });
        return true;
      } catch {
        return false;
      }
    }),
  );
}

/** The native SegWit (P2WPKH) receiving address at `index` of the account's receiving chain. */
export function receivingAddress(chain: BIP32Interface, index: number, network: BitcoinNetwork): string {
  const { address } = payments.p2wpkh({
    pubkey: chain.derive(index).publicKey,
    network: NETWORK_PARAMS[network],
  });
  return address!;
}
