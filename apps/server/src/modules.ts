import type { MigrationSet } from '@kiosk/db';
import { paymentsMigrations, paymentsPlugin } from '@kiosk/payments';
import type { FastifyPluginAsync } from 'fastify';

/**
 * A module (payments, store, identity …) owns its tables and routes. The server runs every module's
 * migrations at start and registers its plugin; modules reach shared services through `app.kiosk`.
 */
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
    plugin: async (app) =>
      paymentsPlugin(app, {
        database: app.kiosk.database,
        jobs: app.kiosk.jobs,
        baseUrl: app.kiosk.config.baseUrl,
        publish: (topic, type, data) => app.kiosk.realtime.publish(topic, type, data),
        authorizeTopic: (prefix, authorize) =>
          app.kiosk.realtime.authorize(prefix, (topic) => authorize(topic)),
        registerConnectAction: (name, action) => app.kiosk.connectActions.register(name, action),
      }),
  },
];
