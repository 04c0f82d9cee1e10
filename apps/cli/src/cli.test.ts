import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
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
