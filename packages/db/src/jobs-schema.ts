import type { MigrationSet } from './migrations.ts';

/** Tables of the durable job runner; times are unix milliseconds. */
export interface JobsTables {
  jobs: {
    id: string;
    name: string;
    payload: string;
    /** Deduplicates enqueues: a second job with the same name and key is not created. */
    key: string | null;
    status: 'queued' | 'running' | 'completed' | 'failed';
    run_at: number;
    attempts: number;
    max_attempts: number;
    backoff_ms: number;
    last_error: string | null;
    locked_by: string | null;
    locked_until: number | null;
    created_at: number;
    updated_at: number;
  };
  job_schedules: {
    name: string;
    job_name: string;
    payload: string;
    every_ms: number;
    next_run_at: number;
  };
}

export const jobsMigrations: MigrationSet = {
  '20261122_01_db_jobs': {
    async up(db) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('key', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('backoff_ms', 'integer', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
      await db.schema.createIndex('jobs_name_key').on('jobs').columns(['name', 'key']).unique().execute();
      await db.schema
        .createTable('job_schedules')
        .addColumn('name', 'text', (c) => c.primaryKey().notNull())
        .addColumn('job_name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('every_ms', 'bigint', (c) => c.notNull())
        .addColumn('next_run_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
