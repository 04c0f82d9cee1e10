import type { MigrationSet } from '@kiosk/db';
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
export const modules: KioskModule[] = [];
