/**
 * Every event Kiosk records, by name, with the snapshot of the object it carries (what subscribers
 * and webhooks receive). The platform names none itself: each module declares its own once, in its
 * events.ts, and adds them here by declaration merging, as Fastify's decorators are declared:
 *
 *   declare module '@kiosk/platform' {
 *     interface EventCatalogue extends PaymentsEvents {}
 *   }
 *
 * A resource records only the names it was built with (`Resource`'s `E`, from its module's
 * catalogue), and `events.subscribe` takes only names of this catalogue: a misspelt name does not
 * compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the modules fill it in
export interface EventCatalogue {}

/** A name of the catalogue. */
export type EventType = keyof EventCatalogue & string;

/** The snapshot that events named `E` carry; unknown for names outside the catalogue (tests). */
export type SnapshotOf<E extends string> = E extends EventType ? EventCatalogue[E] : unknown;
