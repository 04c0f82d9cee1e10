import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from './context.ts';
import { registerPaymentMethodRoutes } from './payment-methods/routes.ts';
import { registerCatalogRoutes } from './products/routes.ts';
import { registerSettingsRoutes } from './settings/routes.ts';

/** Kiosk Pay's routes; the module's tables come from `paymentsMigrations`. */
export async function paymentsPlugin(app: FastifyInstance, context: PaymentsContext): Promise<void> {
  registerPaymentMethodRoutes(app, context);
  registerCatalogRoutes(app, context);
  registerSettingsRoutes(app, context);
}
