import { settingsRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { publicMethod } from '../payment-methods/view.ts';
import { listPaymentMethods } from '../payment-methods/queries.ts';
import { MERCHANT } from '../schemas.ts';
import { ensureSetting, getSetting, updateSetting } from './service.ts';
import { settingView } from './view.ts';

/**
 * Seed 000 §7 `GET /api/settings`: the active payment methods (with currencies) of the requested mode
 * and the base currency. Public: a buyer's checkout page reads it; secrets are stripped. And the
 * settings of places in host applications (seed 001 §7): made and changed by the merchant, read by
 * anyone (a host page's widget reads its donation settings).
 */
export function registerSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = settingsRoutes['GET /api/settings'];
  r.get(
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

  const tags = ['settings'];
  const create = settingsRoutes['POST /api/settings'];
  r.post(
    create.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: "A mount location's settings: made the first time, answered as they are after",
        ...create.schema,
      },
    },
    async (request, reply) => {
      const { row, created } = await ensureSetting(deps, request.livemode, request.body);
      reply.status(created ? 201 : 200);
      return settingView(row);
    },
  );

  const retrieve = settingsRoutes['GET /api/settings/:id'];
  r.get(
    retrieve.path,
    {
      config: { access: ['public'] },
      schema: { tags, summary: 'Settings by id or mount location', ...retrieve.schema },
    },
    async (request) => settingView(await getSetting(deps.db, request.livemode, request.params.id)),
  );

  const update = settingsRoutes['PUT /api/settings/:id'];
  r.put(
    update.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Enable, disable or change the settings of an id or mount location',
        ...update.schema,
      },
    },
    async (request) =>
      settingView(await updateSetting(deps, request.livemode, request.params.id, request.body)),
  );
}
