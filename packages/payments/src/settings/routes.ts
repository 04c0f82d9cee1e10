import { settingsRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { publicMethod } from '../payment-methods/view.ts';
import { listPaymentMethods } from '../payment-methods/queries.ts';

/**
 * Seed 000 §7 `GET /api/settings`: the active payment methods (with currencies) of the requested mode
 * and the base currency. Public: a buyer's checkout page reads it; secrets are stripped.
 */
export function registerSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const settings = settingsRoutes['GET /api/settings'];
  app.withTypeProvider<ZodTypeProvider>().get(
    settings.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['checkout'],
        summary: 'Payment methods and base currency for checkout pages',
        ...settings.schema,
      },
    },
    async (request, reply) => {
      const methods = (await listPaymentMethods(deps.db, request.livemode, { activeOnly: true })).map(
        (method) => publicMethod(deps.methods, method),
      );
      const first = methods[0];
      const baseCurrency =
        first?.payment_currencies.find((c) => c.id === first.default_currency_id) ??
        first?.payment_currencies[0] ??
        null;
      reply.header('cache-control', 'no-cache');
      return { paymentMethods: methods, baseCurrency };
    },
  );
}
