import type { PaymentCurrency } from '@kiosk/contracts';
import type { Hash } from 'viem';
import type { Method, Received, RefundTransferVerdict } from '../adapter.ts';
import type { EvmSettings } from './settings.ts';
import { chainClient, verifyEvmTransfer } from './verify.ts';

/**
 * Refunds on an EVM chain, where the server holds no merchant key: the merchant's wallet sends the
 * transfer (to the payer, in the payment's token), and the server reads it on chain as it reads a
 * payment, with the payer in the receiver's place.
 */

export function evmRefundInstruction(
  method: Method<EvmSettings>,
  currency: PaymentCurrency,
  received: Received,
  amount: bigint,
): Record<string, string> {
  return {
    type: 'evm_transfer',
    chain_id: String(method.settings.chain_id),
    to: received.payer,
    // Empty for the chain's native coin.
    token: currency.contract ?? '',
    amount: amount.toString(),
    symbol: currency.symbol,
    decimal: String(currency.decimal),
  };
}

export async function verifyEvmRefundTransfer(
  method: Method<EvmSettings>,
  currency: PaymentCurrency,
  received: Received,
  amount: bigint,
  reference: string,
): Promise<RefundTransferVerdict> {
  const client = chainClient(method.settings);
  // Read as soon as it is mined, so that a wrong transfer is refused at once, not once confirmed.
  const verdict = await verifyEvmTransfer(
    client,
    { ...method.settings, receiving_address: received.payer, confirmation: 1 },
    { asked: currency, others: [] },
    reference as Hash,
  );
  if (verdict.outcome === 'pending')
    // A hash the node has never seen is a mistake to say now, not a transfer to wait for.
    return verdict.reason === 'NOT_FOUND'
      ? { outcome: 'rejected', reason: 'NOT_FOUND' }
      : { outcome: 'pending', details: { tx_hash: reference } };
  if (verdict.outcome === 'rejected') return { outcome: 'rejected', reason: verdict.reason };
  if (verdict.amount < amount) return { outcome: 'rejected', reason: 'TOO_LITTLE' };
  const block = BigInt(verdict.details.block_height ?? '0');
  const confirmations = (await client.getBlockNumber()) - block + 1n;
  if (confirmations < BigInt(Math.max(method.settings.confirmation, 1)))
    return { outcome: 'pending', details: { tx_hash: reference, confirmations: confirmations.toString() } };
  return {
    outcome: 'succeeded',
    details: {
      tx_hash: verdict.details.tx_hash ?? reference,
      sender: verdict.payer,
      block_height: block.toString(),
      amount: verdict.amount.toString(),
    },
  };
}
