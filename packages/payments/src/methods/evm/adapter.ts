import { getAddress, type Hash } from 'viem';
import { z } from 'zod';
import type { PaymentMethodAdapter } from '../adapter.ts';
import { chainClient, verifyEvmTransfer } from './verify.ts';
import { evmSettings, type EvmSettings } from './settings.ts';

/** A DID of the `did:pkh:eip155` kind names an EVM account; any chain id, the address is what counts. */
function addressOfDid(did: string): string | undefined {
  const match = /^did:pkh:eip155:\d+:(0x[0-9a-fA-F]{40})$/.exec(did);
  return match ? getAddress(match[1]!) : undefined;
}

/**
 * EVM chains (Ethereum, Base, any chain by id): the buyer sends an exact ERC-20 or native transfer to
 * the merchant's receiving address from their own account and names its hash; the chain decides.
 * Recurring collection (an allowance to a collector contract) arrives with subscriptions.
 */
export const evmAdapter: PaymentMethodAdapter<EvmSettings> = {
  types: ['ethereum', 'base', 'evm'],
  capabilities: { recurring: false, collect: false, refund: false },
  settings: evmSettings,
  publicSettings: ({ api_host: _secret, ...rest }) => rest,
  checkCurrency: ({ contract }) =>
    contract === null || /^0x[0-9a-fA-F]{40}$/.test(contract) ? undefined : 'validation.address',

  instructions: (method, currency, amount) => ({
    type: 'evm_transfer',
    chain_id: method.settings.chain_id,
    to: method.settings.receiving_address,
    token: currency.contract,
    amount: amount.toString(),
    currency_id: currency.id,
    decimal: currency.decimal,
    symbol: currency.symbol,
  }),
  reference: z
    .string({ error: 'validation.txHash' })
    .regex(/^0x[0-9a-fA-F]{64}$/, 'validation.txHash')
    .transform((hash) => hash.toLowerCase()),
  network: (settings) => `eip155:${settings.chain_id}`,

  async verify(method, currency, claim) {
    const verdict = await verifyEvmTransfer(
      chainClient(method.settings),
      method.settings,
      { token: currency.contract },
      claim.reference as Hash,
    );
    // The shared receiving address takes anyone's transfers: one pays only the order of the account
    // that sent it, so nobody can name someone else's transaction as their own payment.
    if (verdict.outcome === 'received' && addressOfDid(claim.payerDid) !== verdict.payer)
      return { outcome: 'rejected', reason: 'WRONG_PAYER' };
    return verdict;
  },
};
