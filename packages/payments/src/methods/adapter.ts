import type {
  MandateInstructions,
  PaymentCurrency,
  PaymentInstructions,
  PaymentMethod,
} from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { outsideTransactionsOnly } from '@kiosk/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  Claim,
  CollectCharge,
  CollectVerdict,
  CurrencyInput,
  CurrencyProblem,
  MandateRequest,
  MandateVerdict,
  Method,
  MethodCapabilities,
  PayerStanding,
  Prepared,
  PreparedMandate,
  PreparedPayment,
  RailNotice,
  RailRefund,
  Received,
  RefundRequest,
  RefundTransferVerdict,
  RefundVerdict,
  StakeReturn,
  StakeSlash,
  StakeStanding,
  StoredMandate,
  Verdict,
} from './adapter-types.ts';

export * from './adapter-types.ts';

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

  /**
   * How the buyer pays exactly `amount` of `currency`; on a rail that assigns each payment its own
   * place (`assign`), at the place it gave the payment.
   */
  instructions(
    method: Method<Settings>,
    currency: PaymentCurrency,
    amount: bigint,
    assigned?: Record<string, string>,
  ): PaymentInstructions;
  /**
   * A rail on which a payment is told apart by where it arrives (Bitcoin: an address of the merchant's
   * wallet for each payment, so the buyer names nothing): gives the payment its place inside the
   * submit's transaction `trx` (derived, never asked: no I/O), and answers the record `instructions`
   * reads, which the intent keeps in `payment_details.{method type}`. Asked again for a payment (its
   * key, as PreparedPayment.key), the same place, following what it asks now while nothing paid it.
   */
  assign?<DB>(
    trx: Kysely<DB>,
    method: Method<Settings>,
    payment: AssignedPayment,
  ): Promise<Record<string, string>>;
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
   * A rail on which a mandate is a saved means of payment the merchant's side opens first (a card's
   * SetupIntent at Stripe): opens it for `mandate`, or brings back the one opened before (`previous`,
   * what an earlier call answered in `details`). The customer's page then authorises it with the rail's
   * own script (`context`), and verifyMandate reads the outcome from `details` (MandateRequest.rail).
   * Idempotent per mandate key; asked first, like prepare.
   */
  prepareMandate?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    mandate: PreparedMandate,
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
   * How a named payment is checked on this rail (flows/check-charge.ts); without it, the checkout's
   * defaults, made for chains of seconds a block. A slow chain (Bitcoin: ten minutes a block, and a
   * buyer who may name the address before paying) waits longer and reads less often.
   */
  checkWindow?(settings: Settings): CheckWindow;
  /**
   * Reads the rail's own truth about a claimed payment, trusting nothing the buyer said. Throws when
   * the rail cannot be asked right now (the check is retried; that is not a verdict).
   */
  verify(method: Method<Settings>, currency: PaymentCurrency, claim: Claim): Promise<Verdict>;
  /**
   * A rail on which a payment can be undone after it reached the method's confirmations (Bitcoin: a
   * reorg deeper than them orphans its block): reads the rail about the method's paid payments it
   * still watches and answers the references of those it no longer holds paid
   * (flows/watch-paid.ts). Each rail bounds its own watch (Bitcoin: until the paying blocks are 100
   * deep); beyond it a payment is final. Throws when the rail cannot be asked right now (the next
   * sweep asks again).
   */
  undonePayments?(method: Method<Settings>): Promise<string[]>;
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
   * Gives a subscription's stake (as verifyMandate answered it: `stake`) back to its staker, whole;
   * only when `capabilities.stake`. Idempotent: a stake returned already is answered as it was
   * returned, never returned twice. Throws when the rail cannot be asked right now.
   */
  returnStake?(
    method: Method<Settings>,
    stake: { id: string; details: Record<string, string> },
  ): Promise<StakeReturn>;
  /**
   * Reads where a subscription's stake stands on the rail (the customer may give notice or withdraw
   * it there without Kiosk); only when `capabilities.stake`. Throws when the rail cannot be asked.
   */
  stakeStanding?(
    method: Method<Settings>,
    stake: { id: string; details: Record<string, string> },
  ): Promise<StakeStanding>;
  /**
   * Takes `slash.amount` of a subscription's stake to the merchant for the invoice `slash.ref`; only
   * when `capabilities.stake`. Idempotent per `ref`: a slash made for it already is answered as it was
   * made. Throws when the rail cannot be asked right now.
   */
  slashStake?(
    method: Method<Settings>,
    stake: { id: string; details: Record<string, string> },
    slash: { amount: bigint; ref: string },
  ): Promise<StakeSlash>;
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
    charge: CollectCharge,
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
  /**
   * Every refund the rail records of the payment `received`, Kiosk's and any made on the rail without
   * Kiosk; asked when a notice says they changed. Throws when the rail cannot be asked right now.
   */
  refundsOf?(method: Method<Settings>, received: Received): Promise<RailRefund[]>;
  /**
   * On a rail where Kiosk holds no key to send money with (`capabilities.refund` false), a refund is a
   * transfer the merchant sends from their own wallet: what to send (to the payer of `received`,
   * `amount` of its currency), as strings a wallet or a person can act on. No I/O.
   */
  refundInstruction?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    received: Received,
    amount: bigint,
  ): Record<string, string>;
  /**
   * Reads the transfer the merchant names (`reference`, checked by `reference` above) from the rail,
   * trusting nothing the browser said: succeeded once it brought the payer at least `amount` of the
   * currency with the method's confirmations, pending until then, rejected when it never will.
   * Throws when the rail cannot be asked right now.
   */
  verifyRefundTransfer?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    received: Received,
    amount: bigint,
    reference: string,
  ): Promise<RefundTransferVerdict>;
}

/** How long a round of checks lasts, how long an unseen payment is waited for, how often it is read. */
export interface CheckWindow {
  roundSeconds: number;
  notFoundSeconds: number;
  /** Between reads after the round's first minute (every 2 s before). */
  everyMs: number;
}

/** A payment as a rail that assigns places is asked to place it (assign). */
export interface AssignedPayment {
  /** What it pays (paymentKeyOf). */
  key: string;
  amount: bigint;
  livemode: boolean;
  /** Unix seconds: when the order ends; what arrives later is recorded to be refunded. */
  expiresAt: number;
}

/** The adapter's calls that reach the rail: never made inside a database transaction. */
const RAIL_CALLS = [
  'prepare',
  'prepareMandate',
  'release',
  'verify',
  'undonePayments',
  'readPayer',
  'verifyMandate',
  'collect',
  'returnStake',
  'slashStake',
  'stakeStanding',
  'refund',
  'refundsOf',
  'verifyRefundTransfer',
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
