import type { PaymentMethod } from '@kiosk/contracts';
import type { RecurringInterval } from '@kiosk/core';
import { CARD_FAILURES } from '@kiosk/core/card-failures';

/** The values a payment method adapter (adapter.ts) is asked with and answers, in method-neutral terms. */

export interface MethodCapabilities {
  /** Can pay subscriptions: a customer authorises future payments once. */
  recurring: boolean;
  /** Kiosk can take a pre-authorised amount itself (`collect`). */
  collect: boolean;
  /** Kiosk can send money back itself (`refund`); otherwise the merchant returns it by hand. */
  refund: boolean;
  /**
   * A stored mandate lets Kiosk take any amount at any time (a card saved for off-session charges),
   * not one pull a cycle capped where the customer signed it (an EVM mandate). Then the customer's own
   * change of plan is their consent to its price, and its difference is charged at once.
   */
  collectsAnyAmount?: boolean;
  /**
   * Can hold a subscription's stake (issue 25): the customer locks it with the mandate, and the
   * merchant's server may slash it for an unpaid invoice or return it when the subscription ends.
   */
  stake?: boolean;
}

export type Method<Settings> = Omit<PaymentMethod, 'settings'> & { settings: Settings };

export interface Claim {
  reference: string;
  /**
   * The DID of the buyer who must have sent it; null when anyone may have (an anonymous donation,
   * whose sender becomes its supporter: donations/donor.ts).
   */
  payerDid: string | null;
  /**
   * What the payment was opened for, on a rail that opens payments (prepare): the checkout session of
   * an order, else the payment intent. The rail's payment must name it.
   */
  paymentKey: string;
}

/** A currency as a merchant adds it to a method. */
export interface CurrencyInput {
  symbol: string;
  decimal: number;
  contract: string | null;
}

/** What is wrong with a currency: the field and the problem's i18n key. */
export interface CurrencyProblem {
  field: 'symbol' | 'decimal' | 'contract';
  message: string;
}

/** A payment as a rail that opens payments itself is asked to open it (prepare). */
export interface PreparedPayment {
  /**
   * What it pays (a checkout session, else a payment intent: paymentKeyOf): the rail keeps it with the
   * payment, and submits racing for one order open one payment (a session's intent may not exist yet).
   */
  key: string;
  amount: bigint;
  livemode: boolean;
  description: string | null;
  customer: { did: string; email: string | null; name: string | null };
}

/** A mandate as a rail that opens mandates itself is asked to open it (prepareMandate). */
export interface PreparedMandate {
  /** What it is for (a checkout session): mandates asked again for it reuse the one opened. */
  key: string;
  livemode: boolean;
  description: string | null;
  customer: { did: string; email: string | null; name: string | null };
}

/** One collection attempt of an invoice (collect). */
export interface CollectCharge {
  invoiceId: string;
  amount: bigint;
  /** The server's clock, unix seconds. */
  now: number;
  /**
   * The invoice's failed attempts so far: a rail that keys its pulls keys each attempt apart, so that
   * a retry after a refusal is a new pull while a retry after a crash is the same one.
   */
  attempt: number;
}

/** A payment the rail opened (prepare, prepareMandate). */
export interface Prepared {
  /** What the buyer's page needs to pay it (a card's client secret …). */
  context: PaymentContext;
  /** The rail's record of it, kept on the intent's `payment_details.{method type}` and handed back. */
  details: Record<string, string>;
}

/** Seed 000 §3, the card provider context: what the buyer's page confirms with the rail's own script. */
export interface PaymentContext {
  client_secret: string;
  intent_type: 'payment_intent' | 'setup_intent';
  status: string;
}

/**
 * A rail's notice: the payment it concerns (its reference and what it pays), the mandate (what it was
 * opened for: PreparedMandate.key), or the payment whose refunds changed (its reference), if any.
 */
export type RailNotice =
  | { kind: 'payment'; id: string; reference: string; paymentKey: string }
  | { kind: 'mandate'; id: string; mandateKey: string }
  | { kind: 'refunds'; id: string; reference: string }
  | { kind: 'ignored'; id: string };

/** A payment the rail confirmed, in method-neutral terms. */
export interface Received {
  reference: string;
  amount: bigint;
  /** The paying account as the rail names it. */
  payer: string;
  /** The rail's record of it, kept in the intent's `payment_details.{method type}`. */
  details: Record<string, string>;
}

/** A refund as the rail is asked to make it. */
export interface RefundRequest {
  /** Kiosk's refund: the rail's idempotency key, and the name the rail's refund carries. */
  key: string;
  /** Why, where the rail records a reason (a card processor's three). */
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
  /** What an earlier answer recorded (`details`): a refund the rail is still making is read, not made. */
  previous?: Record<string, string>;
}

/** What the rail did with a refund; `details` is its record, kept in `payment_details.{method type}`. */
export type RefundVerdict =
  | { outcome: 'succeeded'; details: Record<string, string> }
  /** Accepted, and still under way on the rail: asked again later (with `previous`). */
  | { outcome: 'pending'; details: Record<string, string> }
  | { outcome: 'failed'; reason: RefundFailure; details?: Record<string, string> };

/** What the rail shows of a transfer a merchant sent to refund a payment (verifyRefundTransfer). */
export type RefundTransferVerdict =
  | { outcome: 'succeeded'; details: Record<string, string> }
  /** Seen, not yet confirmed (or not yet mined): read again later. */
  | { outcome: 'pending'; details: Record<string, string> }
  /** It does not refund this payment, and never will: another chain, recipient or token, too little, failed. */
  | { outcome: 'rejected'; reason: string };

/**
 * A refund of a payment as the rail records it: one Kiosk asked for (`key`, RefundRequest.key) or one
 * made on the rail without Kiosk (in the processor's dashboard), which Kiosk then records.
 */
export interface RailRefund {
  key?: string;
  /** The rail's name for it, unique on the rail. */
  reference: string;
  amount: bigint;
  outcome: RefundVerdict['outcome'];
  /** The rail's record, as RefundVerdict.details. */
  details: Record<string, string>;
}

/** Why a refund failed; each is also an error text (`error.{code}`, en and zh). */
export const REFUND_FAILURES = [
  /** The rail has refunded this payment (or part of it) outside Kiosk: less is left there than here. */
  'REFUND_ALREADY_MADE',
  /** The rail refused the request itself. */
  'REFUND_REFUSED',
  /** The rail accepted it and could not complete it (a closed card account). */
  'REFUND_FAILED',
  /** A card method's keys are refused by its processor. */
  'CARD_METHOD_MISCONFIGURED',
] as const;
export type RefundFailure = (typeof REFUND_FAILURES)[number];

/** What a subscription asks the customer to authorise, in method-neutral terms. */
export interface MandateRequest {
  /** The subscription it pays; its first mandate's id on the rail is derived from it. */
  subscriptionId: string;
  /**
   * A later mandate of the subscription (authorised again: a dearer plan, a renewal): its own key, from
   * which its id is derived instead, and the mandate it replaces, which the wallet revokes.
   */
  renewal?: { key: string; replaces: StoredMandate | undefined };
  /** The most one cycle may take, in the currency's smallest unit. */
  maxPerCycle: bigint;
  /** What prepareMandate opened for it on the rail (its `details`), on a rail that opens mandates. */
  rail?: Record<string, string>;
  /** The billing interval the cycles follow. */
  recurring: RecurringInterval;
  /** When the first cycle's payment may be taken (unix seconds): now, or the trial's end. */
  startsAt: number;
  /** How many cycles the authorisation covers: the customer allows at most `maxPerCycle × cycles` in all. */
  cycles: number;
  /**
   * When it ends (unix seconds): the end of the last covered billing period, by the calendar (twelve
   * months are 365 or 366 days, not twelve of the mandate's 28-day windows).
   */
  expiresAt: number;
  /**
   * The stake the customer locks with this mandate, in the currency's smallest unit (only where the
   * method's capabilities say `stake`). Its id on the rail is derived from the subscription's id.
   */
  stake?: bigint;
}

/** What a payer already authorises on a rail, in a currency's smallest unit (readPayer). */
export interface PayerStanding {
  committed: bigint;
}

/** A mandate as Kiosk stores it on the subscription (`payment_details.{method type}`). */
export interface StoredMandate {
  /** The rail's id of the mandate (a bytes32 on EVM). */
  id: string;
  /** The paying account as the rail names it. */
  payer: string;
  /** The rail's record of it (contract, token, receiver, collector, cycle, limits …), as strings. */
  details: Record<string, string>;
}

/** A subscription's stake as the rail holds it (MandateVerdict): what is staked and where, as strings. */
export interface HeldStake {
  /** The rail's id of the stake. */
  id: string;
  amount: bigint;
  /** The rail's record of it (contract, staker, the transaction that staked …). */
  details: Record<string, string>;
}

/** What became of a stake asked back (returnStake). */
export type StakeReturn =
  /** Back with its staker: `amount` in `reference` (the rail's record of the return). */
  | { outcome: 'returned'; amount: bigint; reference: string }
  /** Nothing left to give back: the staker withdrew it after notice, or it was slashed to nothing. */
  | { outcome: 'gone'; reason: 'WITHDRAWN' | 'SLASHED' };

/**
 * Where a held stake stands on its rail (stakeStanding): still held; `leaving`, its staker gave
 * notice to withdraw it; `closed`, nothing is held any more.
 */
export type StakeStanding = 'held' | 'leaving' | 'closed';

/** What a slash did (slashStake). */
export type StakeSlash =
  /** `amount` went to the merchant's receiver in `reference` (the rail's record of the slash). */
  | { outcome: 'slashed'; amount: bigint; reference: string }
  /** Nothing moved: the stake is closed, or holds less than the slash. */
  | { outcome: 'refused'; reason: 'STAKE_CLOSED' | 'STAKE_TOO_LOW' };

export type MandateVerdict =
  /** `stake`: when the request asked one, the stake as the rail holds it. */
  | ({ outcome: 'authorized'; stake?: HeldStake } & StoredMandate)
  /** Not on the rail yet (the wallet's transactions are not mined). */
  | { outcome: 'pending'; reason: 'NOT_FOUND' }
  /** On the rail, but not what was asked (another payer, a lower limit …): never accepted. */
  | { outcome: 'rejected'; reason: MandateRejection };

export const MANDATE_REJECTIONS = [
  'MANDATE_MISMATCH',
  'MANDATE_REVOKED',
  'MANDATE_EXPIRED',
  'ALLOWANCE_INSUFFICIENT',
  'WRONG_PAYER',
  'STAKE_MISMATCH',
  'STAKE_REVOKED',
] as const;
export type MandateRejection = (typeof MANDATE_REJECTIONS)[number];

export type CollectVerdict =
  | ({ outcome: 'received' } & Received)
  /**
   * Too early for the rail (this cycle was taken already, the mandate has not started): try at
   * `retryAt`, which is in the past when the rail's clock is behind the server's.
   */
  | { outcome: 'waiting'; retryAt: number }
  /**
   * Not collected: a failed payment attempt (the billing engine retries with backoff, then marks the
   * subscription past due). `final` when no retry can succeed without the customer acting (a revoked
   * or expired mandate).
   */
  | { outcome: 'failed'; reason: CollectFailure; final: boolean };

export const COLLECT_FAILURES = [
  'MANDATE_NOT_FOUND',
  'MANDATE_MISMATCH',
  'MANDATE_REVOKED',
  'MANDATE_EXPIRED',
  'AMOUNT_OUTSIDE_MANDATE',
  'ALLOWANCE_INSUFFICIENT',
  'BALANCE_INSUFFICIENT',
  'TX_FAILED',
  /** A card's failures, by the issuer's reason (@kiosk/core/card-failures). */
  ...CARD_FAILURES,
] as const;
export type CollectFailure = (typeof COLLECT_FAILURES)[number];

export type Verdict =
  /**
   * Not decided yet. `details`, when something has arrived, is how far it is (the rail's record so
   * far, confirmations included), kept on the intent for the buyer to watch.
   */
  | { outcome: 'pending'; reason: 'NOT_FOUND' | 'CONFIRMATIONS'; details?: Record<string, string> }
  | { outcome: 'rejected'; reason: RejectionCode; arrived?: ArrivedInstead }
  | ({ outcome: 'received' } & Received);

/**
 * A refused payment that still brought the merchant money from the payer, in another of the method's
 * currencies than the one asked (`currencyId`): it pays nothing, and is recorded as refundable.
 */
export type ArrivedInstead = Received & { currencyId: string };

/** Why a claimed payment does not pay; each is also an error text (`error.{code}`, en and zh). */
export const REJECTION_CODES = [
  'WRONG_CHAIN',
  'TX_FAILED',
  'WRONG_RECIPIENT',
  'WRONG_TOKEN',
  'WRONG_PAYER',
  /** A rail's payment opened for another Kiosk payment intent. */
  'WRONG_PAYMENT',
  /** A card's failures, by the issuer's reason (@kiosk/core/card-failures). */
  ...CARD_FAILURES,
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];
