import type {
  MandateInstructions,
  PaymentCurrency,
  PaymentInstructions,
  PaymentMethod,
} from '@kiosk/contracts';
import { KioskError, type RecurringInterval } from '@kiosk/core';
import { outsideTransactionsOnly } from '@kiosk/db';
import { CARD_FAILURES } from '@kiosk/core/card-failures';
import type { z } from 'zod';

/**
 * A payment method adapter is everything Kiosk Pay knows about one rail (an EVM chain, later cards
 * through Stripe, Bitcoin, a DID chain). Checkout and billing talk to rails only through this: they
 * never name a chain or a card network. A new rail is a new adapter in the registry.
 */
export interface PaymentMethodAdapter<Settings = unknown> {
  /** The payment method types it serves (`evm`, `ethereum`, `base` …). */
  readonly types: readonly string[];
  /** What the rail can do at all, whatever a method's settings. */
  readonly capabilities: MethodCapabilities;
  /**
   * What `method`, as set up on this server, can do: in `currency` when one is given, else in at least
   * one of the method's currencies. Never more than `capabilities` (a setting the method lacks, a
   * currency the rail cannot pull …). Decides only, reads nothing. Without it, the static
   * `capabilities` hold for every method and currency of the type.
   */
  capabilitiesOf?(method: Method<Settings>, currency?: PaymentCurrency): MethodCapabilities;
  /** The method's settings as a merchant writes them; refused with 400 when they do not parse. */
  readonly settings: z.ZodType<Settings>;
  /** What a buyer's browser may see of the settings (an RPC URL can carry a provider key). */
  publicSettings(settings: Settings): Record<string, unknown>;
  /** Checks a currency of the method (a token contract, a card currency's code …): the problem's i18n key. */
  checkCurrency?(currency: CurrencyInput): CurrencyProblem | undefined;

  /** How the buyer pays exactly `amount` of `currency`. */
  instructions(method: Method<Settings>, currency: PaymentCurrency, amount: bigint): PaymentInstructions;
  /**
   * A rail on which the merchant's side opens each payment before the buyer pays (a card's
   * PaymentIntent at Stripe): opens it for `payment`, or brings the one opened before (`previous`, what
   * an earlier call answered in `details`) to what the payment asks now. Idempotent per payment: calls
   * racing for one payment open one. Asked first, before the submit's transaction; throws a KioskError
   * when the rail refuses the payment, anything else when it cannot be asked right now.
   */
  prepare?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    payment: PreparedPayment,
    previous: Record<string, string> | undefined,
  ): Promise<Prepared>;
  /**
   * The payment `prepare` opened for an order that now moves to another method (`previous`, what
   * prepare answered in `details`): closed on the rail so that it can no longer pay, or refused with a
   * KioskError (409 PAYMENT_IN_PROGRESS) when it is paid or being paid. Asked first, like prepare.
   */
  release?(method: Method<Settings>, previous: Record<string, string>): Promise<void>;
  /**
   * A notice the rail sent about its payments (a Stripe webhook), checked for the rail's signature:
   * which payment it concerns, if any. Throws a KioskError (400 `RAIL_NOTICE_REFUSED`) when it is not
   * signed by the rail; decides only, reads nothing (the payment's state is then read from the rail).
   */
  readNotice?(
    method: Method<Settings>,
    notice: { body: string; headers: Record<string, unknown> },
  ): RailNotice;
  /** The buyer's proof of payment as given (a transaction hash …), in the form stored and compared. */
  readonly reference: z.ZodType<string>;
  /** The namespace in which a reference is unique (`eip155:{chain id}`). */
  network(settings: Settings): string;
  /**
   * Reads the rail's own truth about a claimed payment, trusting nothing the buyer said. Throws when
   * the rail cannot be asked right now (the check is retried; that is not a verdict).
   */
  verify(method: Method<Settings>, currency: PaymentCurrency, claim: Claim): Promise<Verdict>;
  /**
   * Recurring payments (subscriptions), only when `capabilities.recurring`: what the payer already
   * authorises on the rail in `currency` that a new mandate must keep (on EVM, the token allowance the
   * collector contract holds for all their mandates). Asked first, outside any transaction. Throws
   * when the rail cannot be asked right now.
   */
  readPayer?(method: Method<Settings>, currency: PaymentCurrency, payerDid: string): Promise<PayerStanding>;
  /**
   * What the customer's wallet signs once so that Kiosk may take each cycle's amount, and no more,
   * until the mandate ends, given what the payer already authorises (`readPayer`; without it, a payer
   * who authorises nothing yet: how submit checks inside its transaction that the method can take the
   * mandate at all). Decides only, reads nothing. Throws a KioskError (400 `RECURRING_NOT_CONFIGURED`)
   * when this method cannot take mandates.
   */
  mandateInstructions?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    request: MandateRequest,
    payer?: PayerStanding,
  ): MandateInstructions;
  /**
   * Reads on the rail whether the customer authorised `request` (trusting nothing the browser said):
   * the stored mandate on success. Throws when the rail cannot be asked right now.
   */
  verifyMandate?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    request: MandateRequest & { payerDid: string },
  ): Promise<MandateVerdict>;
  /**
   * Takes `amount` under a stored mandate for the invoice `invoiceId`; only when `capabilities.collect`.
   * Reads first whether the pull would pass (balance, allowance, the mandate's own limits) and does
   * not send one that must fail. Idempotent per invoice: a pull already made for it is found and
   * answered as received rather than made twice. `now` is the server's clock (unix seconds): a rail
   * whose own latest record is older (an idle chain) judges the pull by the later of the two, as the
   * pull is made now. Throws when the rail cannot be asked right now.
   */
  collect?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    mandate: StoredMandate,
    charge: { invoiceId: string; amount: bigint; now: number },
  ): Promise<CollectVerdict>;
  /**
   * Sends `amount` of a payment the rail confirmed (`received`) back to its payer; only when
   * `capabilities.refund`. Idempotent per `refund.key`: asked again with it (a retry after a crash or a
   * lost answer) it answers the refund made the first time, never a second one. Throws when the rail
   * cannot be asked right now (the refund is asked again later; that is not a verdict).
   */
  refund?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    received: Received,
    amount: bigint,
    refund: RefundRequest,
  ): Promise<RefundVerdict>;
}

export interface MethodCapabilities {
  /** Can pay subscriptions: a customer authorises future payments once. */
  recurring: boolean;
  /** Kiosk can take a pre-authorised amount itself (`collect`). */
  collect: boolean;
  /** Kiosk can send money back itself (`refund`); otherwise the merchant returns it by hand. */
  refund: boolean;
}

export type Method<Settings> = Omit<PaymentMethod, 'settings'> & { settings: Settings };

export interface Claim {
  reference: string;
  /** The DID of the buyer who must have sent it. */
  payerDid: string;
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

/** A payment the rail opened (prepare). */
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

/** A rail's notice: the payment it concerns (its reference and what it pays), if any. */
export type RailNotice =
  { kind: 'payment'; id: string; reference: string; paymentKey: string } | { kind: 'ignored'; id: string };

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

export type MandateVerdict =
  | ({ outcome: 'authorized' } & StoredMandate)
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
] as const;
export type CollectFailure = (typeof COLLECT_FAILURES)[number];

export type Verdict =
  | { outcome: 'pending'; reason: 'NOT_FOUND' | 'CONFIRMATIONS' }
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

/** The adapter's calls that reach the rail: never made inside a database transaction. */
const RAIL_CALLS = [
  'prepare',
  'release',
  'verify',
  'readPayer',
  'verifyMandate',
  'collect',
  'refund',
] as const satisfies readonly (keyof PaymentMethodAdapter)[];

/**
 * The adapter as the registry hands it out: each call that reaches the rail first checks that no
 * database transaction is open in its context (asking first is the caller's job; a slow rail must
 * never hold a connection or a lock), so the rule holds for every method without each remembering it.
 */
function guarded<S>(adapter: PaymentMethodAdapter<S>): PaymentMethodAdapter<S> {
  return outsideTransactionsOnly(adapter, RAIL_CALLS, `the ${adapter.types.join('/')} adapter`);
}

/** The adapters by method type. */
export class MethodRegistry {
  private readonly byType = new Map<string, PaymentMethodAdapter<unknown>>();

  register<S>(adapter: PaymentMethodAdapter<S>): void {
    const checked = guarded(adapter);
    for (const type of adapter.types) {
      if (this.byType.has(type)) throw new Error(`payment method type ${type} has two adapters`);
      this.byType.set(type, checked as PaymentMethodAdapter<unknown>);
    }
  }

  types(): string[] {
    return [...this.byType.keys()];
  }

  /** The adapter of a method type; an unknown type is a method Kiosk cannot use. */
  for(type: string): PaymentMethodAdapter<unknown> {
    const adapter = this.byType.get(type);
    if (!adapter) throw new KioskError('PAYMENT_METHOD_UNSUPPORTED', { status: 400, params: { type } });
    return adapter;
  }

  /** A stored method with its settings read by its adapter. */
  read(method: PaymentMethod): { adapter: PaymentMethodAdapter<unknown>; method: Method<unknown> } {
    const adapter = this.for(method.type);
    return { adapter, method: { ...method, settings: adapter.settings.parse(method.settings) } };
  }
}

/** What a rail that opens payments keys a payment intent's payment by (PreparedPayment.key). */
export const paymentKeyOf = (intent: { id: string; checkout_session_id: string | null }): string =>
  intent.checkout_session_id ?? intent.id;
