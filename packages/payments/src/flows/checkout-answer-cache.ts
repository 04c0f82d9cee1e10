import { KioskError, type Locale } from '@kiosk/core';
import type { EventInput, ReadVersions } from '@kiosk/platform';
import type { Deps } from '../deps.ts';
import { flag } from '../db.ts';
import { buyerEnvelopeOf, envelopeFor, type CheckoutEnvelope } from './checkout-answer.ts';
import { findSessionRow, retrieveSession } from '../checkout-sessions/queries.ts';

/**
 * The read model behind `GET /api/checkout-sessions/retrieve/:id`, which every open checkout page
 * polls every 2 s: the answer is built once (nine queries) and kept, serialized, per session and
 * language; a poll then costs one query — the versions of what the answer depends on (read-versions.ts
 * in the platform). The payments events bump those versions in their own transactions, so a kept
 * answer is never served after a change, whichever server process made it.
 */

const modeOf = (livemode: boolean) => (livemode ? 'live' : 'test');
/**
 * The keys an answer depends on: its session (with its payment and invoice), the catalog, the buyer,
 * its subscription.
 */
export const answerKeys = {
  session: (id: string) => `checkout:${id}`,
  /** Products, prices (and their stock), payment links and methods of one mode. */
  catalog: (livemode: boolean) => `catalog:${modeOf(livemode)}`,
  customer: (livemode: boolean, did: string) => `customer:${modeOf(livemode)}:${did}`,
  /** A session's subscription (its answer's `subscriptions`: what a setup page shows of it). */
  subscription: (id: string) => `subscription:${id}`,
};

const ofSession = (data: unknown) => {
  const id = (data as { checkout_session_id?: string | null }).checkout_session_id;
  return id ? [answerKeys.session(id)] : [];
};

/**
 * Which answers each payments event changes, by the object it is about. Every resource of
 * resources.ts has a rule (a test checks), so a new one cannot be forgotten.
 */
export const ANSWER_INVALIDATIONS: Record<string, (event: EventInput) => string[]> = {
  'checkout.session': (event) => [
    answerKeys.session(event.objectId),
    // Completing a session sells its stock: other sessions show the prices' new quantity_sold.
    ...(event.type === 'checkout.session.completed' ? [answerKeys.catalog(event.livemode)] : []),
  ],
  payment_intent: (event) => ofSession(event.data),
  invoice: (event) => ofSession(event.data),
  customer: (event) => [answerKeys.customer(event.livemode, (event.data as { did: string }).did)],
  product: (event) => [answerKeys.catalog(event.livemode)],
  price: (event) => [answerKeys.catalog(event.livemode)],
  payment_link: (event) => [answerKeys.catalog(event.livemode)],
  payment_method: (event) => [answerKeys.catalog(event.livemode)],
  payment_currency: (event) => [answerKeys.catalog(event.livemode)],
  // Charges are the merchant's ledger; the buyer's answer shows the payment intent instead.
  charge: () => [],
  // Refunds too: the buyer's checkout answer does not show them.
  refund: () => [],
  subscription: (event) => [answerKeys.subscription(event.objectId)],
  subscription_item: (event) => [
    answerKeys.subscription((event.data as { subscription_id: string }).subscription_id),
  ],
  // A buyer's answers show no clock; putting a customer on one is that customer's own event.
  'test_helpers.test_clock': () => [],
  // A mount location's settings are read by host pages, never inside a checkout's answers.
  setting: () => [],
};

export function answerInvalidations(event: EventInput): string[] {
  return ANSWER_INVALIDATIONS[event.objectType]?.(event) ?? [];
}

interface Kept {
  keys: string[];
  versions: number[];
  envelope: CheckoutEnvelope;
  /** Serialized once per kind of viewer: its own buyer, anyone else. */
  json: { buyer?: string; other?: string };
}

/** Sessions × languages kept per process; the least recently polled go first. */
const LIMIT = 2_000;

export class CheckoutAnswers {
  private readonly kept = new Map<string, Kept>();
  private readonly building = new Map<string, Promise<{ envelope: CheckoutEnvelope; kept?: Kept }>>();

  constructor(
    private readonly deps: Deps,
    private readonly versions: ReadVersions,
  ) {}

  /** The retrieve answer for `viewer` (the caller's DID), serialized by `serialize`. */
  async answer(
    id: string,
    locale: Locale,
    viewer: string | undefined,
    serialize: (envelope: CheckoutEnvelope) => string,
  ): Promise<string> {
    const cacheKey = `${id} ${locale}`;
    // A page load brings many polls at once: they wait for the one build rather than each building.
    await this.building.get(cacheKey)?.catch(() => undefined);
    let kept = this.kept.get(cacheKey);
    if (!kept || !(await this.current(kept))) {
      const build = this.build(id, locale);
      this.building.set(cacheKey, build);
      let built: Awaited<typeof build>;
      try {
        built = await build;
      } finally {
        if (this.building.get(cacheKey) === build) this.building.delete(cacheKey);
      }
      if (!built.kept) return serialize(envelopeFor(built.envelope, viewer));
      kept = built.kept;
    }
    this.keep(cacheKey, kept);

    const session = kept.envelope.checkoutSession;
    const own = session.customer_did !== null && session.customer_did === viewer;
    if (own) return (kept.json.buyer ??= serialize(kept.envelope));
    return (kept.json.other ??= serialize(envelopeFor(kept.envelope, viewer)));
  }

  private async current(kept: Kept): Promise<boolean> {
    const session = kept.envelope.checkoutSession;
    // An open session past its time is expired by the next look at it (retrieveSession).
    if (session.status === 'open' && session.expires_at <= this.deps.clock.nowUnix()) return false;
    const versions = await this.versions.read(kept.keys);
    return versions.every((version, i) => version === kept.versions[i]);
  }

  /**
   * Reads the versions before the data, so what is kept is at least as new as the versions it is
   * kept under (a change in between only makes the next poll build again). Keeps nothing when the
   * session changed buyer, mode or subscription while it was built: its keys would be the wrong ones.
   */
  private async build(id: string, locale: Locale): Promise<{ envelope: CheckoutEnvelope; kept?: Kept }> {
    const row = await findSessionRow(this.deps.db, id);
    if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
    const livemode = flag(row.livemode);
    const keys = [
      answerKeys.session(id),
      answerKeys.catalog(livemode),
      ...(row.customer_did ? [answerKeys.customer(livemode, row.customer_did)] : []),
      ...(row.subscription_id ? [answerKeys.subscription(row.subscription_id)] : []),
    ];
    const versions = await this.versions.read(keys);
    const envelope = await buyerEnvelopeOf(this.deps, await retrieveSession(this.deps, id), locale);
    const session = envelope.checkoutSession;
    if (
      session.customer_did !== row.customer_did ||
      session.livemode !== livemode ||
      session.subscription_id !== row.subscription_id
    )
      return { envelope };
    return { envelope, kept: { keys, versions, envelope, json: {} } };
  }

  /** Keeps `kept` as the most recently used (a Map iterates in insertion order). */
  private keep(cacheKey: string, kept: Kept): void {
    this.kept.delete(cacheKey);
    this.kept.set(cacheKey, kept);
    if (this.kept.size > LIMIT) this.kept.delete(this.kept.keys().next().value!);
  }
}
