import type { MigrationSet } from '@kiosk/db';
import { paymentsMigrations, paymentsPlugin, type PaymentsApi } from '@kiosk/payments';
import { storeMigrations, storePlugin } from '@kiosk/store';
import type { FastifyPluginAsync } from 'fastify';

/**
 * A module (payments, store, identity …) owns its tables and routes. The server runs every module's
 * migrations at start and registers its plugin; modules reach shared services through `app.kiosk`,
 * and each other only through the interfaces they publish in `app.kiosk.modules` (registered in order,
 * so a module finds those of the modules before it).
 */
export interface ModuleApis {
  payments?: PaymentsApi;
}

export interface KioskModule {
  name: string;
  migrations: MigrationSet;
  plugin: FastifyPluginAsync;
}

/** The modules this server runs, in registration order. */
export const modules: KioskModule[] = [
  {
    name: 'payments',
    migrations: paymentsMigrations,
    plugin: async (app) => {
      app.kiosk.modules.payments = await paymentsPlugin(app, {
        platform: app.kiosk.platform,
        baseUrl: app.kiosk.config.baseUrl,
        evmCollectorKey: app.kiosk.config.evmCollectorKey,
        stripe: { apiBase: app.kiosk.config.stripeApiBase, jsUrl: app.kiosk.config.stripeJsUrl },
        authorizeTopic: (prefix, authorize) =>
          app.kiosk.realtime.authorize(prefix, (topic, _message, caller) => authorize(topic, caller)),
        registerConnectAction: (name, action) => app.kiosk.connectActions.register(name, action),
      });
    },
  },
  {
    name: 'store',
    migrations: storeMigrations,
    plugin: (app) =>
      storePlugin(app, {
        platform: app.kiosk.platform,
        payments: app.kiosk.modules.payments!,
        dataDir: app.kiosk.config.dataDir,
        appsOrigin: app.kiosk.config.appsOrigin,
      }),
  },
];
