import type { BitcoinInstructions, PaymentCurrency } from '@kiosk/contracts';
import { formatAmount, KioskError } from '@kiosk/core';
import { transaction, type Engine } from '@kiosk/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Method, PaymentMethodAdapter, Verdict } from '../adapter.ts';
import {
  accountOf,
  assignAddress,
  findAddress,
  observedTxs,
  recordObservation,
  type BitcoinDb,
  type BitcoinAddressRow,
} from './address-book.ts';
import { EsploraClient } from './esplora.ts';
import { isReceived, observe } from './judge.ts';
import type { BitcoinNetwork } from './keys.ts';
import { undonePayments } from './reorgs.ts';
import { bitcoinSettings, type BitcoinSettings } from './settings.ts';

/** CAIP-2 names of the networks (bip122: the genesis block hash's first 32 hex digits): where addresses are unique. */
const CAIP2: Record<BitcoinNetwork, string> = {
  bitcoin: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
};

export interface BitcoinAdapterOptions {
  /** The server's database: the method keeps its receiving addresses (address-book.ts). */
  db: Kysely<unknown>;
  engine: Engine;
  clock: { nowUnix(): number };
}

export type BitcoinAdapter = PaymentMethodAdapter<BitcoinSettings> &
  Required<Pick<PaymentMethodAdapter<BitcoinSettings>, 'assign'>> & {
    instructions(
      method: Method<BitcoinSettings>,
      currency: PaymentCurrency,
      amount: bigint,
      assigned?: Record<string, string>,
    ): BitcoinInstructions;
  };

/**
 * Bitcoin on chain (issue 26), non-custodial: each payment gets its own address of the merchant's
 * BIP84 account, and the chain alone says what reached it, summed to the satoshi over every
 * transaction paying it, once it has the method's confirmations. The buyer names nothing: the
 * reference of a payment is its address. No pull payments exist on Bitcoin, so no subscriptions; and
 * Kiosk holds no key, so a refund is the merchant's to sign in their wallet (a PSBT: a later slice).
 */
export function createBitcoinAdapter(options: BitcoinAdapterOptions): BitcoinAdapter {
  const db = options.db as BitcoinDb;
  return {
    types: ['bitcoin'],
    capabilities: { recurring: false, collect: false, refund: false },
    settings: bitcoinSettings,
    // The buyer's page needs neither the key (it would show every address of the merchant's
    // wallet, past and future) nor the API URL (it may carry a provider key).
    publicSettings: ({ network, confirmation, explorer_host }) => ({
      network,
      confirmation,
      ...(explorer_host && { explorer_host }),
    }),
    checkCurrency: ({ symbol, decimal, contract }) =>
      symbol === 'BTC' && decimal === 8 && contract === null
        ? undefined
        : {
            field: contract !== null ? 'contract' : symbol !== 'BTC' ? 'symbol' : 'decimal',
            message: 'validation.bitcoinCurrency',
          },

    async assign(trx, method, payment) {
      const row = await assignAddress(trx as unknown as BitcoinDb, options.engine, {
        settings: method.settings,
        methodId: method.id,
        livemode: payment.livemode,
        paymentKey: payment.key,
        amount: payment.amount,
        expiresAt: payment.expiresAt,
        now: options.clock.nowUnix(),
      });
      return {
        address: row.address,
        derivation_index: String(row.derivation_index),
        expires_at: String(row.expires_at),
      };
    },
    instructions(method, currency, amount, assigned) {
      // Only the submit that gave the payment its address can say where to pay.
      if (!assigned?.address) throw new KioskError('BITCOIN_PAYMENT_NOT_ASSIGNED', { status: 409 });
      const btc = formatAmount(amount, 8, { precision: 8, thousandSeparator: '' });
      return {
        type: 'bitcoin',
        network: method.settings.network,
        address: assigned.address,
        amount: amount.toString(),
        amount_btc: btc,
        uri: `bitcoin:${assigned.address}?amount=${btc}`,
        expires_at: Number(assigned.expires_at),
        confirmations: method.settings.confirmation,
        currency_id: currency.id,
        decimal: currency.decimal,
        symbol: currency.symbol,
      };
    },
    reference: z
      .string({ error: 'validation.bitcoinAddress' })
      .trim()
      .toLowerCase()
      .regex(/^(bc|tb|bcrt)1q[02-9ac-hj-np-z]{38}$/, 'validation.bitcoinAddress'),
    network: (settings) => CAIP2[settings.network],
    // Ten minutes a block on average, and a buyer who may name the address before paying: a round
    // lasts half an hour per confirmation asked and an hour more, a payment not seen at all is waited
    // for half an hour, and the address is read every 30 s after the first minute.
    checkWindow: ({ confirmation }) => ({
      roundSeconds: (confirmation + 2) * 30 * 60,
      notFoundSeconds: 30 * 60,
      everyMs: 30_000,
    }),
    verify: (method, _currency, claim) => verifyAddress(db, options.clock, method.settings, claim),
    undonePayments: (method) => undonePayments(db, options.clock.nowUnix(), method.id, method.settings),
  };
}

/**
 * Reads the chain about one payment's address, outside any transaction, then records what it saw
 * (address-book.ts) and says what it pays. Paid once the satoshis with the method's confirmations
 * reach what was asked; until then "waiting for confirmations" (something arrived, or too little so
 * far: the rest may follow). After the payment's end, whatever arrived and is confirmed is answered as
 * received, so that the checkout records it as refundable (late or too little) instead of losing it.
 */
async function verifyAddress(
  db: BitcoinDb,
  clock: { nowUnix(): number },
  settings: BitcoinSettings,
  claim: { reference: string; paymentKey: string },
): Promise<Verdict> {
  const row = await findAddress(db, claim.reference);
  if (!row || row.account !== accountOf(settings)) return { outcome: 'rejected', reason: 'WRONG_RECIPIENT' };
  if (row.payment_key !== claim.paymentKey) return { outcome: 'rejected', reason: 'WRONG_PAYMENT' };
  const esplora = new EsploraClient(settings.esplora_url);
  const [txs, tip] = await Promise.all([esplora.addressTxs(row.address), esplora.tipHeight()]);
  const seen = observe(row.address, txs, tip, settings.confirmation, observedTxs(row));
  // A payment no longer listed is believed gone only when the node says so (replaced, double-spent).
  for (const txid of seen.vanished)
    if (await esplora.hasTx(txid))
      throw new Error(`esplora: ${txid} is held but not listed for ${row.address}`);

  const now = clock.nowUnix();
  const received = isReceived(seen, BigInt(row.amount), now, Number(row.expires_at));
  await transaction(db, (trx) => recordObservation(trx, row, { txs: seen.txs, paid: received, now }));
  if (!received)
    return seen.received === 0n
      ? { outcome: 'pending', reason: 'NOT_FOUND' }
      : { outcome: 'pending', reason: 'CONFIRMATIONS', details: detailsOf(row, seen, tip) };
  return {
    outcome: 'received',
    reference: row.address,
    amount: seen.confirmed,
    payer: seen.payer ?? row.address,
    details: detailsOf(row, seen, tip),
  };
}

function detailsOf(row: BitcoinAddressRow, seen: ReturnType<typeof observe>, tip: number) {
  const heights = seen.txs.flatMap((tx) => (tx.height === null ? [] : [tx.height]));
  return {
    address: row.address,
    derivation_index: String(row.derivation_index),
    tx_hashes: seen.txs.map((tx) => tx.txid).join(','),
    received_sats: seen.received.toString(),
    confirmations: String(seen.confirmations),
    block_height: String(heights.length ? Math.max(...heights) : tip),
    type: 'transfer',
  };
}
