import { startBitcoinStandin, type BitcoinStandin, type BitcoinStandinOptions } from '../index.ts';
import { TestWallet, type SignedPayment } from '../test-wallet.ts';

// Tests read loosely typed JSON answers (the lint allows it in *.test.ts); their assertions are the type check.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** A plain HTTP answer: the status and the body as text, and as JSON when it is. */
export interface Reply<T = any> {
  status: number;
  type: string | null;
  text: string;
  json: T;
}

/** GET a path of the stand-in's Esplora API with plain fetch, as any Esplora client would. */
export async function get<T = any>(standin: BitcoinStandin, path: string): Promise<Reply<T>> {
  const response = await fetch(`${standin.url}${path}`);
  return reply<T>(response);
}

/** POST /tx with a raw transaction's hex as the body. */
export async function broadcast(standin: BitcoinStandin, hex: string): Promise<Reply<string>> {
  const response = await fetch(`${standin.url}/tx`, { method: 'POST', body: hex });
  return reply<string>(response);
}

/* eslint-enable @typescript-eslint/no-explicit-any */

async function reply<T>(response: Response): Promise<Reply<T>> {
  const text = await response.text();
  const type = response.headers.get('content-type');
  return {
    status: response.status,
    type,
    text,
    json: type === 'application/json' ? JSON.parse(text) : (text as T),
  };
}

/** Broadcasts and expects acceptance: answers the txid. */
export async function accept(standin: BitcoinStandin, payment: SignedPayment): Promise<string> {
  const answer = await broadcast(standin, payment.hex);
  if (answer.status !== 200) throw new Error(`refused: ${answer.status} ${answer.text}`);
  return answer.text;
}

/** A stand-in, a buyer wallet holding one confirmed coin, and a merchant's address. */
export async function fundedBuyer(sats = 100_000n, options: BitcoinStandinOptions = {}) {
  const standin = await startBitcoinStandin(options);
  const buyer = TestWallet.fromSeed(`buyer ${Math.random()}`);
  const merchant = TestWallet.fromSeed(`merchant ${Math.random()}`);
  const fundingTxid = standin.fund(buyer.address(0), sats);
  const coin = { txid: fundingTxid, vout: 0, value: sats, address: buyer.address(0) };
  return { standin, buyer, merchant, coin, shop: merchant.address(0) };
}
