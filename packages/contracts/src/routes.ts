import { demoRoutes } from './demo.ts';
import { apiKeyRoutes, connectRoutes, sessionRoutes } from './identity.ts';
import { buyerCheckoutRoutes } from './payments/checkout-sessions.ts';
import { customerRoutes } from './payments/customers.ts';
import { settingsRoutes } from './payments/settings.ts';

/**
 * Every route the SDK calls, by `'METHOD /path'`. The server registers each from here (the OpenAPI
 * test checks that every entry is served with this schema); merchant routes join as they move.
 */
export const routes = {
  ...sessionRoutes,
  ...connectRoutes,
  ...apiKeyRoutes,
  ...settingsRoutes,
  ...customerRoutes,
  ...buyerCheckoutRoutes,
  ...demoRoutes,
};
export type Routes = typeof routes;
