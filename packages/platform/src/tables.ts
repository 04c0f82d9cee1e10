import type { EventRow } from './events/table.ts';

/**
 * The platform's tables; times are unix seconds. Modules write them only through the platform. The
 * outbox's is defined beside it (events/table.ts); all are made by the migrations in migrations/.
 */
export interface PlatformTables {
  events: EventRow;
  /** A write with an Idempotency-Key: its fingerprint and, once done, its answer (kept 24 hours). */
  idempotency_keys: {
    scope: string;
    key: string;
    request_hash: string;
    status_code: number | null;
    response: string | null;
    created_at: number;
  };
  /** A read model's key and how often the events that change it were recorded (read-versions.ts). */
  read_versions: {
    key: string;
    version: number;
  };
}

export { platformMigrations } from './migrations/index.ts';
