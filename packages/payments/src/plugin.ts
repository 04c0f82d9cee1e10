import { collectBatchConnectAction } from './subscriptions/collect-batch-action.ts';
import { collectConnectAction } from './invoices/collect-action.ts';
import type { EventHandler } from '@kiosk/platform';
import type { FastifyInstance } from 'fastify';
import { paymentsApi, type PaymentsApi } from './api.ts';
import { defineBillingJobs } from './flows/billing-jobs.ts';
import { registerChargeRoutes } from './charges/routes.ts';
import { registerRefundRoutes } from './refunds/routes.ts';
import { registerEventRoutes } from './events-api/routes.ts';
import { defineRefundJobs, REFUND_SWEEP_JOB } from './flows/refund-charge.ts';
import { CHECK_SWEEP_JOB, defineChargeJobs } from './flows/check-charge.ts';
import { reopenUndonePayments, WATCH_PAID_JOB } from './flows/watch-paid.ts';
import { answerInvalidations, CheckoutAnswers } from './flows/checkout-answer-cache.ts';
import { paymentConnectAction } from './checkout-sessions/payment-action.ts';
import { mandateConnectAction } from './checkout-sessions/mandate-action.ts';
import { registerBuyerCheckoutRoutes } from './checkout-sessions/routes/buyer.ts';
import { registerCheckoutEditRoutes } from './checkout-sessions/routes/edits.ts';
import { registerMerchantCheckoutRoutes } from './checkout-sessions/routes/merchant.ts';
import { expireAbandonedCheckouts } from './flows/expire-checkout.ts';
import type { PaymentsContext } from './context.ts';
import { registerCustomerRoutes } from './customers/routes.ts';
import { registerMetricsRoutes } from './metrics/routes.ts';
import { flag } from './db.ts';
import { createDeps } from './deps.ts';
import { registerInvoiceRoutes } from './invoices/routes.ts';
import { registerPaymentIntentRoutes } from './payment-intents/routes.ts';
import { registerPaymentLinkRoutes } from './payment-links/routes.ts';
import { registerDonationRoutes } from './donations/routes.ts';
import { registerPaymentMethodRoutes } from './payment-methods/routes.ts';
import { registerCatalogRoutes } from './products/routes.ts';
import { buyerOfCaller } from './schemas.ts';
import { registerSettingsRoutes } from './settings/routes.ts';
import { registerSubscriptionMandateRoutes } from './subscriptions/mandate-routes.ts';
import { registerSubscriptionMerchantRoutes } from './subscriptions/merchant-routes.ts';
import { registerOverdueRoutes } from './subscriptions/overdue-routes.ts';
import { registerSubscriptionRoutes } from './subscriptions/routes.ts';
import { registerTestClocks } from './test-clocks/routes.ts';
import { findSessionRow } from './checkout-sessions/queries.ts';

/** Open sessions past expires_at are expired within a minute (and on sight by retrieve), their orders closed. */
const EXPIRE_SWEEP_MS = 60_000;
/** Pending charges whose checks stopped are looked for this often. */
const CHARGE_SWEEP_MS = 60_000;
/** Pending refunds whose request stopped (a crash, the rail out of reach) are looked for this often. */
const REFUND_SWEEP_MS = 60_000;
/**
 * Paid payments a chain may still undo are read again this often: a reorg is seen within a minute of
 * it (Bitcoin's blocks are ten minutes apart), and each read is a block's status, not a payment's.
 */
const WATCH_PAID_SWEEP_MS = 60_000;
const EXPIRE_JOB = 'checkout.expire-sessions';

/**
 * Kiosk Pay's routes, jobs and connect action; its tables come from `paymentsMigrations`. Answers the
 * interface other modules use.
 */
export async function paymentsPlugin(app: FastifyInstance, context: PaymentsContext): Promise<PaymentsApi> {
  const deps = createDeps(context.platform, context.baseUrl, {
    evmCollectorKey: context.evmCollectorKey,
    stripe: context.stripe,
  });
  registerPaymentMethodRoutes(app, deps);
  registerCatalogRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerPaymentLinkRoutes(app, deps);
  registerDonationRoutes(app, deps);
  context.platform.readVersions.invalidatedBy(answerInvalidations);
  registerBuyerCheckoutRoutes(app, deps, new CheckoutAnswers(deps, context.platform.readVersions));
  registerCheckoutEditRoutes(app, deps);
  registerMerchantCheckoutRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  registerMetricsRoutes(app, deps);
  registerPaymentIntentRoutes(app, deps);
  registerChargeRoutes(app, deps);
  registerRefundRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerOverdueRoutes(app, deps);
  registerSubscriptionMandateRoutes(app, deps);
  registerSubscriptionMerchantRoutes(app, deps);
  registerTestClocks(app, deps);
  context.registerConnectAction('payment', paymentConnectAction(deps));
  context.registerConnectAction('subscription', mandateConnectAction(deps, 'subscription'));
  context.registerConnectAction('setup', mandateConnectAction(deps, 'setup'));
  context.registerConnectAction('collect-batch', collectBatchConnectAction(deps));
  context.registerConnectAction('collect', collectConnectAction(deps));

  defineChargeJobs(deps);
  defineRefundJobs(deps);
  // A checkout session's id is its buyer's capability: whoever has it may watch it complete.
  context.authorizeTopic(
    'checkout:',
    async (topic) => (await findSessionRow(deps.db, topic.slice('checkout:'.length))) !== undefined,
  );
  // A customer's topic carries their invoices and payments: only they (signed in, or by an authToken
  // for them in its mode) may listen.
  context.authorizeTopic('customer:', async (topic, caller) => {
    const buyer = buyerOfCaller(caller);
    if (!buyer) return false;
    const customer = await deps.db
      .selectFrom('customers')
      .select(['did', 'livemode'])
      .where('id', '=', topic.slice('customer:'.length))
      .executeTakeFirst();
    return (
      customer?.did === buyer.did &&
      (buyer.livemode === undefined || buyer.livemode === flag(customer.livemode))
    );
  });
  deps.jobs.define(EXPIRE_JOB, async () => void (await expireAbandonedCheckouts(deps)));
  await deps.jobs.schedule(EXPIRE_JOB, EXPIRE_JOB, EXPIRE_SWEEP_MS);
  await deps.jobs.schedule(CHECK_SWEEP_JOB, CHECK_SWEEP_JOB, CHARGE_SWEEP_MS);
  await deps.jobs.schedule(REFUND_SWEEP_JOB, REFUND_SWEEP_JOB, REFUND_SWEEP_MS);
  // A rail that could not be read fails the sweep (logged); the next sweep is its retry.
  deps.jobs.define(WATCH_PAID_JOB, async () => void (await reopenUndonePayments(deps)), { maxAttempts: 1 });
  await deps.jobs.schedule(WATCH_PAID_JOB, WATCH_PAID_JOB, WATCH_PAID_SWEEP_MS);
  await defineBillingJobs(deps);
  return paymentsApi(deps, (subscriber, type, handler) =>
    context.platform.events.subscribe(subscriber, type, handler as EventHandler),
  );
}
