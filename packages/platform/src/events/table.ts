/**
 * The outbox: an event per state change, written in the change's transaction, with a snapshot of
 * the object (what a webhook will send). `dispatched_at` is set once it went out.
 */
export type EventRow = {
  id: string;
  livemode: number | boolean;
  type: string;
  /** `checkout.session`, `payment_intent` … (null on events from before the outbox). */
  object_type: string | null;
  object_id: string;
  /** JSON: the object after the change. */
  data: string;
  /** JSON: the realtime topics that hear of it. */
  topics: string;
  created_at: number;
  dispatched_at: number | null;
};
