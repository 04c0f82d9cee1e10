import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomToken } from '@kiosk/core';
import pg from 'pg';
import type { Engine } from './database.ts';

/**
 * Test databases on both engines. SQLite is always there; PostgreSQL is used when reachable at
 * KIOSK_TEST_DATABASE_URL, DATABASE_URL or the local server on 127.0.0.1:5432. Under CI it must be
 * reachable: a suite that silently skipped PostgreSQL would prove nothing about it.
 */

export interface TestDatabase {
  engine: Engine;
  dataDir: string;
  /** Set for PostgreSQL: a database created for this test alone. */
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

function adminUrl(): string {
  return process.env.KIOSK_TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? LOCAL_POSTGRES;
}

let reachable: Promise<boolean> | undefined;

export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      if (process.env.CI)
        throw new Error(`PostgreSQL is not reachable at ${adminUrl()} under CI`, { cause: error });
      console.warn(`PostgreSQL not reachable (${String(error)}): server tests run on SQLite only`);
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

/** The engines every server test runs on. */
export async function testEngines(): Promise<Engine[]> {
  return (await postgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    return { engine, dataDir, databaseUrl: undefined, dispose: async () => removeDir() };
  }
  const name = `kiosk_test_${randomToken(10).toLowerCase()}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
      removeDir();
    },
  };
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
