import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, testEngines, type TestDatabase } from '@kiosk/db/testing';
import { freePort } from '@kiosk/testkit';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

/** These tests run the shipped bundle (`apps/cli/dist/kiosk.js`) as a user would. */
const cliDir = fileURLToPath(new URL('..', import.meta.url));
const bundle = fileURLToPath(new URL('../dist/kiosk.js', import.meta.url));

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: cliDir });
});

function run(args: string[], env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [bundle, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForOutput(get: () => string, text: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!get().includes(text)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}" in:\n${get()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('kiosk serve refuses bad configuration', () => {
  it('exits 2 with one line per bad variable, before opening anything', async () => {
    const { exited, output } = run(['serve'], {
      PORT: '99999',
      DATABASE_URL: 'mysql://x',
      KIOSK_DATA_DIR: '',
    });
    expect(await exited).toBe(2);
    const { stderr } = output();
    expect(stderr).toContain('PORT: must be a whole number between 0 and 65535 (got "99999")');
    expect(stderr).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
  });
});

describe.each(await testEngines())('kiosk serve on %s', (engine) => {
  let database: TestDatabase;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    child?.kill('SIGKILL');
    await database?.dispose();
  });

  it('starts, answers health and the web shell, and stops cleanly on SIGTERM', async () => {
    database = await createTestDatabase(engine);
    const webDir = `${database.dataDir}/web`;
    mkdirSync(webDir);
    writeFileSync(`${webDir}/index.html`, '<!doctype html><title>shell</title>');
    const port = await freePort();
    const server = run(['serve'], {
      PORT: String(port),
      KIOSK_DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      KIOSK_WEB_DIR: webDir,
    });
    child = server.child;
    await waitForOutput(() => server.output().stdout, `listening on http://127.0.0.1:${port}`);
    expect(server.output().stdout).toMatch(/migrating 1\/\d+ 20261122_01_db_jobs/);

    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: { engine } });
    expect(await (await fetch(`http://127.0.0.1:${port}/store/anything`)).text()).toContain(
      '<title>shell</title>',
    );

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

describe('kiosk serve --demo and its chain', () => {
  let child: ChildProcess | undefined;
  afterEach(() => void child?.kill('SIGKILL'));

  it('runs its chain on KIOSK_DEMO_CHAIN_PORT', async () => {
    const [port, chainPort] = [await freePort(), await freePort()];
    const server = run(['serve', '--demo'], {
      PORT: String(port),
      KIOSK_DATA_DIR: mkdtempSync(join(tmpdir(), 'kiosk-demo-')),
      KIOSK_DEMO_CHAIN_PORT: String(chainPort),
    });
    child = server.child;
    await waitForOutput(() => server.output().stdout, `demo chain on http://127.0.0.1:${chainPort}`, 60_000);
  }, 90_000);

  it('says in one line which variable to change when the chain port is taken', async () => {
    const busy = createServer();
    busy.listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const taken = (busy.address() as { port: number }).port;
    try {
      const server = run(['serve', '--demo'], {
        PORT: String(await freePort()),
        KIOSK_DEMO_CHAIN_PORT: String(taken),
      });
      child = server.child;
      expect(await server.exited).toBe(2);
      expect(server.output().stderr.trim()).toBe(
        `kiosk: the demo chain cannot listen on 127.0.0.1:${taken} (in use); set KIOSK_DEMO_CHAIN_PORT to a free port`,
      );
    } finally {
      busy.close();
    }
  }, 90_000);
});
