import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestDatabase, postgresReachable } from '@kiosk/db/testing';
import { startTestServer } from '@kiosk/testkit';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('.data'),
      databaseUrl: undefined,
      baseUrl: 'http://127.0.0.1:3000',
      logLevel: 'info',
    });
  });

  it('refuses each bad value with one clear line naming the variable and the value', () => {
    const found = problems({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/kiosk',
      KIOSK_BASE_URL: 'ftp://example.com',
      LOG_LEVEL: 'loud',
    });
    expect(found).toHaveLength(4);
    expect(found).toContain('PORT: must be a whole number between 0 and 65535 (got "eighty")');
    expect(found.find((p) => p.startsWith('DATABASE_URL:'))).toMatch(
      /postgres:\/\/.*got "mysql:\/\/localhost\/kiosk"/,
    );
    expect(found.find((p) => p.startsWith('KIOSK_BASE_URL:'))).toMatch(/http:\/\/ or https:\/\//);
    expect(found.find((p) => p.startsWith('LOG_LEVEL:'))).toMatch(/one of fatal, error, warn, info/);
  });

  it('refuses a port above 65535', () => {
    expect(problems({ PORT: '70000' })).toEqual([
      'PORT: must be a whole number between 0 and 65535 (got "70000")',
    ]);
  });

  it('treats an empty variable as unset and trims the base URL', () => {
    const config = loadConfig({ PORT: '', KIOSK_BASE_URL: 'https://pay.example.com/', HOST: '0.0.0.0' });
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('https://pay.example.com');
  });

  it('reports every browser error by default, and takes a sample rate from 0 to 1', () => {
    expect(loadConfig({})).toMatchObject({ errorSampleRate: 1, clientErrorRateLimit: 60 });
    expect(loadConfig({ KIOSK_ERROR_SAMPLE_RATE: '0.25' }).errorSampleRate).toBe(0.25);
    expect(loadConfig({ KIOSK_ERROR_SAMPLE_RATE: '0' }).errorSampleRate).toBe(0);
    expect(loadConfig({ KIOSK_CLIENT_ERROR_RATE_LIMIT: '5' }).clientErrorRateLimit).toBe(5);
  });

  it('refuses a sample rate outside 0 to 1 and a report limit below 1, one line each', () => {
    for (const rate of ['1.5', '-0.1', 'half', '50%'])
      expect(problems({ KIOSK_ERROR_SAMPLE_RATE: rate })).toEqual([
        `KIOSK_ERROR_SAMPLE_RATE: must be a number from 0 to 1, like 0.25 (got "${rate}")`,
      ]);
    expect(problems({ KIOSK_CLIENT_ERROR_RATE_LIMIT: '0' })).toEqual([
      'KIOSK_CLIENT_ERROR_RATE_LIMIT: must be at least 1 (KIOSK_ERROR_SAMPLE_RATE=0 stops the reports) (got "0")',
    ]);
  });

  it('derives a reachable base URL when bound to all interfaces', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).baseUrl).toBe('http://localhost:8080');
  });

  it('takes every form of DATABASE_URL that pg connects with, unix sockets included', () => {
    for (const url of [
      'postgres://kiosk@/kiosk?host=/var/run/postgresql',
      'postgresql://kiosk:secret@/kiosk?host=%2Fvar%2Frun%2Fpostgresql',
      'postgres://kiosk@%2Fvar%2Frun%2Fpostgresql/kiosk',
      'socket:/var/run/postgresql?db=kiosk',
      '/var/run/postgresql kiosk',
      'postgresql://kiosk:secret@db.example.com:5433/kiosk?sslmode=verify-full',
      'postgres://[::1]:5432/kiosk',
    ])
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('never prints a password or a key in a refusal', () => {
    const found = problems({
      DATABASE_URL: 'mysql://admin:hunter2@localhost/kiosk',
      KIOSK_BASE_URL: 'ftp://admin:hunter3@example.com',
      KIOSK_CORS_ORIGINS: 'https://admin:hunter4@shop.example.com',
      KIOSK_EVM_COLLECTOR_KEY: `ab${'c'.repeat(62)}`,
    });
    expect(found).toHaveLength(4);
    for (const secret of ['hunter2', 'hunter3', 'hunter4', 'cccccccc'])
      expect(found.join('\n')).not.toContain(secret);
    expect(found).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL, a socket: URL or a socket path (leave it unset to use SQLite) (got "mysql://admin:***@localhost/kiosk")',
    );
    expect(found.find((p) => p.startsWith('KIOSK_EVM_COLLECTOR_KEY:'))).toMatch(
      /\(got 64 characters, not shown\)$/,
    );
    // A URL pg cannot read either (a port past 65535; a password given as a parameter) hides it too.
    for (const url of [
      'postgres://admin:hunter2@db.example.com:99999/kiosk',
      'postgres://admin@db.example.com:99999/kiosk?password=hunter2',
    ]) {
      const [line] = problems({ DATABASE_URL: url });
      expect(line).toMatch(/^DATABASE_URL: /);
      expect(line).not.toContain('hunter2');
    }
  });
});

const socketDir = '/var/run/postgresql';
describe.runIf((await postgresReachable()) && existsSync(`${socketDir}/.s.PGSQL.5432`))(
  'DATABASE_URL through a unix socket',
  () => {
    it('starts the server on PostgreSQL through the socket', async () => {
      const database = await createTestDatabase('postgres');
      const name = new URL(database.databaseUrl!).pathname.slice(1);
      const server = await startTestServer('postgres', {
        database,
        env: { DATABASE_URL: `postgres://postgres:unused@/${name}?host=${socketDir}` },
      });
      try {
        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(200);
        expect(server.app.kiosk.database.location).toBe(`postgres://postgres:***@/${name}?host=${socketDir}`);
      } finally {
        await server.close();
      }
    });
  },
);
