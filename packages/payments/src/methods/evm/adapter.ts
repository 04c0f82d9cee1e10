import { getAddress, type Address, type Hash, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import type { PaymentMethodAdapter } from '../adapter.ts';
import { evmMandateInstructions, readEvmPayer, verifyEvmMandate } from './recurring.ts';
import { evmSettings, type EvmSettings } from './settings.ts';
import { chainClient, verifyEvmTransfer } from './verify.ts';
import { collectUnderEvmMandate } from './collection.ts';
import { evmRefundInstruction, verifyEvmRefundTransfer } from './refund-transfer.ts';
import { evmStakeStanding, returnEvmStake, slashEvmStake } from './stake-operator.ts';

/** A DID of the `did:pkh:eip155` kind names an EVM account; any chain id, the address is what counts. */
function addressOfDid(did: string): Address | undefined {
  const match = /^did:pkh:eip155:\d+:(0x[0-9a-fA-F]{40})$/.exec(did);
  return match ? getAddress(match[1]!) : undefined;
}

export interface EvmAdapterOptions {
  /**
   * The private key of the server's collector account, the only account that may pull under a
   * mandate. It comes from server configuration, never from a method's settings (which merchants
   * write and the API shows), and it never leaves the server. Without it, no mandates.
   */
  collectorKey?: Hex;
}

/**
 * EVM chains (Ethereum, Base, any chain by id): the buyer sends an exact ERC-20 or native transfer to
 * the merchant's receiving address from their own account and names its hash; the chain decides.
 * Subscriptions (recurring.ts): the customer's wallet signs a mandate on the method's KioskCollector
 * contract once, and the collector account pulls each cycle's amount under it.
 */
export function createEvmAdapter(options: EvmAdapterOptions = {}): PaymentMethodAdapter<EvmSettings> {
  const collector = options.collectorKey ? privateKeyToAccount(options.collectorKey) : undefined;
  return {
    types: ['ethereum', 'base', 'evm'],
    capabilities: {
      recurring: true,
      collect: collector !== undefined,
      refund: false,
      stake: collector !== undefined,
    },
    capabilitiesOf(method, currency) {
      // What recurring.ts asks before any mandate: the method's collector contract, the server's
      // collector account, and a token (the contract pulls ERC-20 only; a native coin cannot be approved).
      const pullable = (c: { contract: string | null }) => c.contract !== null;
      const mandates =
        method.settings.collector_contract !== undefined &&
        collector !== undefined &&
        (currency ? pullable(currency) : method.payment_currencies.some(pullable));
      const stake = mandates && method.settings.stake_contract !== undefined;
      return { recurring: mandates, collect: mandates, refund: false, stake };
    },
    settings: evmSettings,
    publicSettings: ({ api_host: _secret, ...rest }) => rest,
    checkCurrency: ({ contract }) =>
      contract === null || /^0x[0-9a-fA-F]{40}$/.test(contract)
        ? undefined
        : { field: 'contract', message: 'validation.address' },

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
        { asked: currency, others: method.payment_currencies.filter((c) => c.id !== currency.id) },
        claim.reference as Hash,
      );
      // The shared receiving address takes anyone's transfers: one pays only the order of the account
      // that sent it, so nobody can name someone else's transaction as their own payment (nor have
      // it recorded as theirs to get back). An anonymous donation is anyone's to send.
      const arrived =
        verdict.outcome === 'received'
          ? verdict
          : verdict.outcome === 'rejected'
            ? verdict.arrived
            : undefined;
      if (arrived && claim.payerDid !== null && addressOfDid(claim.payerDid) !== arrived.payer)
        return { outcome: 'rejected', reason: 'WRONG_PAYER' };
      return verdict;
    },

    readPayer: (method, currency, payerDid) =>
      readEvmPayer(method, currency, addressOfDid(payerDid), collector),
    mandateInstructions: (method, currency, request, payer) =>
      evmMandateInstructions(method, currency, request, payer, collector),
    verifyMandate: (method, currency, request) =>
      verifyEvmMandate(method, currency, { ...request, payer: addressOfDid(request.payerDid) }, collector),
    collect: (method, currency, mandate, charge) =>
      collectUnderEvmMandate(method, currency, mandate, charge, collector),
    returnStake: (method, stake) => returnEvmStake(method, stake, collector),
    slashStake: (method, stake, slash) => slashEvmStake(method, stake, slash, collector),
    stakeStanding: evmStakeStanding,
    // Refunds are the merchant's own transfers (no merchant key here), read on chain like payments.
    refundInstruction: evmRefundInstruction,
    verifyRefundTransfer: verifyEvmRefundTransfer,
  };
}

/**
 * Without a collector key: one-time payments, and mandates refused. For code that needs only the
 * method types and settings (rpc-urls.ts); the server registers createEvmAdapter with its key.
 */
export const evmAdapter = createEvmAdapter();
