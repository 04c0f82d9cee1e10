import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from './context.ts';
import { registerCheckoutSessionRoutes } from './checkout-sessions/routes.ts';
import { expireDueSessions, findSessionRow } from './checkout-sessions/service.ts';
import { paymentConnectAction } from './checkout-sessions/payment-action.ts';
import { registerCustomerRoutes } from './customers/routes.ts';
import { registerInvoiceRoutes } from './invoices/routes.ts';
import { defineEvmJobs } from './methods/evm/jobs.ts';
import { paymentsDb } from './db.ts';
import { registerPaymentIntentRoutes } from './payment-intents/routes.ts';
import { registerPaymentLinkRoutes } from './payment-links/routes.ts';
import { registerPaymentMethodRoutes } from './payment-methods/routes.ts';
import { registerCatalogRoutes } from './products/routes.ts';
import { registerSettingsRoutes } from './settings/routes.ts';

/** Kiosk Pay's routes; the module's tables come from `paymentsMigrations`. */
export async function paymentsPlugin(app: FastifyInstance, context: PaymentsContext): Promise<void> {
  registerPaymentMethodRoutes(app, context);
  registerCatalogRoutes(app, context);
  registerSettingsRoutes(app, context);
  registerPaymentLinkRoutes(app, context);
  registerCheckoutSessionRoutes(app, context);
  registerCustomerRoutes(app, context);
  registerPaymentIntentRoutes(app, context);
  registerInvoiceRoutes(app, context);
  context.registerConnectAction('payment', paymentConnectAction(context));

  const db = paymentsDb(context.database);
  defineEvmJobs(context);
  // A checkout session's id is its buyer's capability: whoever has it may watch it complete.
  context.authorizeTopic(
    'checkout:',
    async (topic) => (await findSessionRow(db, topic.slice('checkout:'.length))) !== undefined,
  );
  context.jobs.define('checkout.expire-sessions', async () => void (await expireDueSessions(db)));
  await context.jobs.schedule('checkout.expire-sessions', 'checkout.expire-sessions', EXPIRE_SWEEP_MS);
}

/** Open sessions past expires_at are expired within a minute (and on sight by retrieve). */
const EXPIRE_SWEEP_MS = 60_000;
