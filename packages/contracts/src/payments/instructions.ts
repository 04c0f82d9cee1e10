import { z } from 'zod';
import { INTERVALS } from './prices.ts';

/**
 * How a buyer pays a submitted order, one member per kind of rail: the page and the wallet switch on
 * `type`. Amounts are decimal strings of the currency's smallest unit.
 */
export const evmTransferInstructions = z.object({
  type: z.literal('evm_transfer'),
  chain_id: z.number(),
  to: z.string(),
  /** The ERC-20 contract; null for the chain's native coin. */
  token: z.string().nullable(),
  amount: z.string(),
  currency_id: z.string(),
  decimal: z.number(),
  symbol: z.string(),
});

/**
 * A card: the buyer's page confirms the payment the server opened at the card processor with its own
 * script (the submit answer's `stripeContext`); the method's public settings say how to load it.
 */
export const cardInstructions = z.object({
  type: z.literal('card'),
  amount: z.string(),
  currency_id: z.string(),
  decimal: z.number(),
  symbol: z.string(),
});

/**
 * Bitcoin: the buyer sends at least `amount` satoshis to an address of the merchant's own wallet
 * given to this payment alone, from any wallet (the BIP21 `uri`, also as a QR code), before
 * `expires_at`; it pays once it has `confirmations` blocks. Nothing is named back: the server watches
 * the address.
 */
export const bitcoinInstructions = z.object({
  type: z.literal('bitcoin'),
  network: z.enum(['bitcoin', 'testnet', 'regtest']),
  address: z.string(),
  /** Satoshis, like every amount; `amount_btc` is the same exactly in BTC, as wallets and URIs write it. */
  amount: z.string(),
  amount_btc: z.string(),
  /** BIP21: `bitcoin:{address}?amount={amount_btc}`. */
  uri: z.string(),
  /** Unix seconds: after it, a payment is recorded to be refunded, not taken for the order. */
  expires_at: z.number(),
  confirmations: z.number(),
  currency_id: z.string(),
  decimal: z.number(),
  symbol: z.string(),
});

export const paymentInstructionsSchema = z.discriminatedUnion('type', [
  evmTransferInstructions,
  cardInstructions,
  bitcoinInstructions,
]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;
export type EvmTransferInstructions = z.infer<typeof evmTransferInstructions>;
export type BitcoinInstructions = z.infer<typeof bitcoinInstructions>;

/**
 * What a customer's wallet signs once for a subscription: calls to send in order (an ERC-20 allowance
 * to the collector contract, then the mandate), and the terms to show before signing.
 */
export const evmMandateInstructions = z.object({
  type: z.literal('evm_mandate'),
  chain_id: z.number(),
  /** The collector contract that holds the mandate. */
  contract: z.string(),
  /** The mandate's id (bytes32 hex). */
  mandate_id: z.string(),
  token: z.string(),
  /** The merchant's receiving address: every pull goes there. */
  receiver: z.string(),
  /** The most one cycle may take, and the cycle's length in seconds. */
  max_per_cycle: z.string(),
  cycle_seconds: z.number(),
  /** Unix seconds (chain time): the first pull may happen from `starts_at`, none at or after `expires_at`. */
  starts_at: z.number(),
  expires_at: z.number(),
  /**
   * The allowance the wallet approves: what it already allows the contract (its other mandates in the
   * token) plus this mandate's lifetime maximum. Never the text's cycle count: that is `cycles`.
   */
  allowance: z.string(),
  /** How many billing periods this mandate covers: at most `max_per_cycle` each, `cycles` times. */
  cycles: z.number(),
  /**
   * The plan's billing interval, the one a buyer reads ("per month"): `cycle_seconds` is the contract's
   * window, a floor under it (28 days for a month), never what the text says.
   */
  interval: z.enum(INTERVALS),
  interval_count: z.number(),
  calls: z.array(z.object({ to: z.string(), data: z.string() })),
  /**
   * The stake the same calls lock in escrow (issue 25), when the subscription asks one: `amount` of
   * the token in the stake contract under `stake_id`, which the merchant's server may slash for an
   * unpaid invoice or return when the subscription ends, and which the customer may withdraw
   * `notice_seconds` after giving notice. Not part of the plan's price.
   */
  stake: z
    .object({
      contract: z.string(),
      stake_id: z.string(),
      amount: z.string(),
      notice_seconds: z.number(),
    })
    .optional(),
  currency_id: z.string(),
  decimal: z.number(),
  symbol: z.string(),
});

/**
 * A subscription by card: the customer saves the card with the processor's own script (the submit's
 * `stripeContext`, a SetupIntent) and agrees that each cycle takes its price from it, off session,
 * until the subscription ends. The terms to show: what a cycle takes and from when.
 */
export const cardMandateInstructions = z.object({
  type: z.literal('card_mandate'),
  max_per_cycle: z.string(),
  /** Unix seconds: the first cycle's payment is taken from then (now, or the trial's end). */
  starts_at: z.number(),
  interval: z.enum(INTERVALS),
  interval_count: z.number(),
  currency_id: z.string(),
  decimal: z.number(),
  symbol: z.string(),
});

export const mandateInstructionsSchema = z.discriminatedUnion('type', [
  evmMandateInstructions,
  cardMandateInstructions,
]);
export type MandateInstructions = z.infer<typeof mandateInstructionsSchema>;
export type EvmMandateInstructions = z.infer<typeof evmMandateInstructions>;
export type CardMandateInstructions = z.infer<typeof cardMandateInstructions>;

/** A card's (seed 000 §3, card provider context): what the page confirms with the processor's script. */
export const stripeContextSchema = z.object({
  client_secret: z.string(),
  intent_type: z.enum(['payment_intent', 'setup_intent']),
  status: z.string(),
});
