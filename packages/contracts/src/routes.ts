import { clientErrorRoutes } from './client-errors.ts';
import { demoRoutes } from './demo.ts';
import {
  accessTokenRoutes,
  apiKeyRoutes,
  authTokenRoutes,
  cliConnectionRoutes,
  connectRoutes,
  passportRoutes,
  sessionRoutes,
  walletConnectRoutes,
} from './identity.ts';
import { joinRequestRoutes } from './join-requests.ts';
import { chargeRoutes } from './payments/charges.ts';
import { buyerCheckoutRoutes, merchantCheckoutRoutes } from './payments/checkout-sessions.ts';
import { customerRoutes } from './payments/customers.ts';
import { eventRoutes } from './payments/events.ts';
import { metricsRoutes } from './payments/metrics.ts';
import { invoiceListRoutes } from './payments/invoice-list.ts';
import { invoiceRoutes } from './payments/invoices.ts';
import { paymentIntentRoutes } from './payments/payment-intents.ts';
import { paymentLinkRoutes } from './payments/payment-links.ts';
import { donationRoutes } from './payments/donations.ts';
import { paymentMethodRoutes } from './payments/payment-methods.ts';
import { priceRoutes } from './payments/prices.ts';
import { productRoutes } from './payments/products.ts';
import { refundRoutes } from './payments/refunds.ts';
import { settingsRoutes } from './payments/settings.ts';
import { subscriptionMandateRoutes } from './payments/subscription-mandates.ts';
import { subscriptionPauseRoutes } from './payments/subscription-pauses.ts';
import { subscriptionStakeRoutes } from './payments/subscription-stakes.ts';
import { subscriptionRoutes } from './payments/subscriptions.ts';
import { testClockRoutes } from './payments/test-clocks.ts';
import { appReviewRoutes, appRoutes, appVersionRoutes, storeSettingsRoutes } from './store.ts';
import { storeCommerceRoutes } from './store-commerce.ts';
import { appBlockRoutes, categoryRoutes } from './store-console.ts';
import { commentModerationRoutes, commentRoutes, ratingRoutes } from './store-feedback.ts';
import { webhookEndpointRoutes } from './webhook-endpoints.ts';

/** One table per resource; a route belongs to exactly one (routes.test.ts checks no key is shared). */
export const ROUTE_TABLES = [
  sessionRoutes,
  connectRoutes,
  walletConnectRoutes,
  apiKeyRoutes,
  passportRoutes,
  authTokenRoutes,
  accessTokenRoutes,
  cliConnectionRoutes,
  joinRequestRoutes,
  settingsRoutes,
  customerRoutes,
  metricsRoutes,
  productRoutes,
  priceRoutes,
  paymentLinkRoutes,
  donationRoutes,
  paymentMethodRoutes,
  buyerCheckoutRoutes,
  merchantCheckoutRoutes,
  paymentIntentRoutes,
  invoiceRoutes,
  invoiceListRoutes,
  subscriptionRoutes,
  subscriptionMandateRoutes,
  subscriptionPauseRoutes,
  subscriptionStakeRoutes,
  testClockRoutes,
  chargeRoutes,
  refundRoutes,
  eventRoutes,
  webhookEndpointRoutes,
  appRoutes,
  appVersionRoutes,
  appReviewRoutes,
  storeSettingsRoutes,
  categoryRoutes,
  appBlockRoutes,
  ratingRoutes,
  commentRoutes,
  commentModerationRoutes,
  storeCommerceRoutes,
  clientErrorRoutes,
  demoRoutes,
] as const;

/** `A | B` → `A & B`: the merged table has every table's routes. */
type Merged<Table> = (Table extends unknown ? (table: Table) => void : never) extends (
  table: infer All,
) => void
  ? All
  : never;

/**
 * Every API route, by `'METHOD /path'`, and so every route the SDK calls. The server registers each
 * from here; the OpenAPI test checks that every entry is served with this schema and that every API
 * route but the server's own (health …) is an entry.
 */
export const routes = Object.assign({}, ...ROUTE_TABLES) as Merged<(typeof ROUTE_TABLES)[number]>;
export type Routes = typeof routes;
