import { KioskError } from '@kiosk/core';
import { findSessionRow } from '../checkout-sessions/queries.ts';
import { flag, type Executor } from '../db.ts';
import type { BitcoinDb } from '../methods/bitcoin/address-book.ts';
import { bitcoinSettings } from '../methods/bitcoin/settings.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';

/** Where a test-mode order's Bitcoin payment is to be sent, and the node its method reads. */
export interface OpenBitcoinPayment {
  address: string;
  /** What the address asks, in satoshis. */
  sats: bigint;
  /** The Esplora API of the method (in the demo, the local regtest stand-in). */
  esploraUrl: string;
}

/**
 * What the demo's wallet may pay for a checkout session (apps/server/src/demo): its open Bitcoin
 * payment, in test mode on a regtest method, whose address is not paid and not past its end. Reads
 * only; anything else is refused, 404 for an unknown session and 409 TEST_BITCOIN_PAYMENT_NOT_OPEN.
 */
export async function openTestBitcoinPayment(
  db: Executor,
  sessionId: string,
  now: number,
): Promise<OpenBitcoinPayment> {
  const session = await findSessionRow(db, sessionId);
  if (!session) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  const notOpen = new KioskError('TEST_BITCOIN_PAYMENT_NOT_OPEN', { status: 409 });
  if (flag(session.livemode) || session.status !== 'open' || !session.payment_method_id) throw notOpen;
  const method = await getPaymentMethod(db, false, session.payment_method_id);
  if (method?.type !== 'bitcoin') throw notOpen;
  const settings = bitcoinSettings.parse(method.settings);
  if (settings.network !== 'regtest') throw notOpen;
  const row = await (db as unknown as BitcoinDb)
    .selectFrom('bitcoin_addresses')
    .selectAll()
    .where('payment_method_id', '=', method.id)
    .where('payment_key', '=', session.id)
    .executeTakeFirst();
  if (!row || row.paid_at !== null || Number(row.expires_at) <= now) throw notOpen;
  return { address: row.address, sats: BigInt(row.amount), esploraUrl: settings.esplora_url };
}
