import type { PaymentCurrency, PaymentInstructions, PaymentMethod } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { z } from 'zod';

/**
 * A payment method adapter is everything Kiosk Pay knows about one rail (an EVM chain, later cards
 * through Stripe, Bitcoin, a DID chain). Checkout and billing talk to rails only through this: they
 * never name a chain or a card network. A new rail is a new adapter in the registry.
 */
export interface PaymentMethodAdapter<Settings = unknown> {
  /** The payment method types it serves (`evm`, `ethereum`, `base` …). */
  readonly types: readonly string[];
  readonly capabilities: MethodCapabilities;
  /** The method's settings as a merchant writes them; refused with 400 when they do not parse. */
  readonly settings: z.ZodType<Settings>;
  /** What a buyer's browser may see of the settings (an RPC URL can carry a provider key). */
  publicSettings(settings: Settings): Record<string, unknown>;
  /** Checks a currency of the method (a token contract …); answers the problem's i18n key. */
  checkCurrency?(currency: { contract: string | null }): string | undefined;

  /** How the buyer pays exactly `amount` of `currency`. */
  instructions(method: Method<Settings>, currency: PaymentCurrency, amount: bigint): PaymentInstructions;
  /** The buyer's proof of payment as given (a transaction hash …), in the form stored and compared. */
  readonly reference: z.ZodType<string>;
  /** The namespace in which a reference is unique (`eip155:{chain id}`). */
  network(settings: Settings): string;
  /**
   * Reads the rail's own truth about a claimed payment, trusting nothing the buyer said. Throws when
   * the rail cannot be asked right now (the check is retried; that is not a verdict).
   */
  verify(method: Method<Settings>, currency: PaymentCurrency, claim: Claim): Promise<Verdict>;
  /** Takes a pre-authorised amount (subscriptions); only when `capabilities.collect`. */
  collect?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    mandate: unknown,
    amount: bigint,
  ): Promise<Verdict>;
  /** Sends money back; only when `capabilities.refund`. */
  refund?(
    method: Method<Settings>,
    currency: PaymentCurrency,
    received: Received,
    amount: bigint,
  ): Promise<string>;
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
}

/** A payment the rail confirmed, in method-neutral terms. */
export interface Received {
  reference: string;
  amount: bigint;
  /** The paying account as the rail names it. */
  payer: string;
  /** The rail's record of it, kept in the intent's `payment_details.{method type}`. */
  details: Record<string, string>;
}

export type Verdict =
  | { outcome: 'pending'; reason: 'NOT_FOUND' | 'CONFIRMATIONS' }
  | { outcome: 'rejected'; reason: RejectionCode }
  | ({ outcome: 'received' } & Received);

/** Why a claimed payment does not pay; each is also an error text (`error.{code}`, en and zh). */
export const REJECTION_CODES = [
  'WRONG_CHAIN',
  'TX_FAILED',
  'WRONG_RECIPIENT',
  'WRONG_TOKEN',
  'WRONG_PAYER',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** The adapters by method type. */
export class MethodRegistry {
  private readonly byType = new Map<string, PaymentMethodAdapter<unknown>>();

  register<S>(adapter: PaymentMethodAdapter<S>): void {
    for (const type of adapter.types) {
      if (this.byType.has(type)) throw new Error(`payment method type ${type} has two adapters`);
      this.byType.set(type, adapter as PaymentMethodAdapter<unknown>);
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
