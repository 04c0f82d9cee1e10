import type { MigrationSet } from '@kiosk/db';
import { createOutbox } from './20261123_01_platform_outbox.ts';
import { createReadVersions } from './20261123_02_platform_read_versions.ts';
import { createWebhooks } from './20261128_01_platform_webhooks.ts';

/**
 * The platform's migrations, one file each, named as they are recorded in the database. Migrations
 * are history: a file is never edited once released; a change of schema is a new file, added here.
 */
export const platformMigrations: MigrationSet = {
  '20261123_01_platform_outbox': createOutbox,
  '20261123_02_platform_read_versions': createReadVersions,
  '20261128_01_platform_webhooks': createWebhooks,
};
