import type { PurchaseStatus } from '@kiosk/contracts';
import type { Flag, Json, Stamped } from '../columns.ts';

/**
 * An app's pricing in one Kiosk Pay mode (migration 20261128_60): what the developer asked, and the
 * product and price the store keeps for it in Kiosk Pay. A new pricing makes a new price; the row
 * names today's.
 */
export interface AppPricingRow extends Stamped {
  id: string;
  app_did: string;
  livemode: Flag;
  type: 'free' | 'one_time' | 'subscription';
  interval: 'month' | 'year' | null;
  /** `[{currency_id, unit_amount}]`, the price's own currency first. */
  prices: Json;
  product_id: string | null;
  /** Null while free. */
  price_id: string | null;
}

/**
 * A user's purchase of a paid app through Kiosk Pay (the store buys as a host app would): a checkout
 * session, and its outcome once Kiosk Pay's events say so.
 */
export type PurchaseRow = Stamped & {
  id: string;
  livemode: Flag;
  app_did: string;
  buyer_did: string;
  checkout_session_id: string;
  status: PurchaseStatus;
  paid_at: number | null;
  price_id: string | null;
  payment_intent_id: string | null;
  subscription_id: string | null;
  /** Kiosk Pay's status of the subscription, as its latest event said (`subscription_updated_at`). */
  subscription_status: string | null;
  subscription_updated_at: number | null;
  currency_id: string | null;
  amount: string | null;
  store_amount: string | null;
  developer_amount: string | null;
  revoked_at: number | null;
  metadata: Json;
};
