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
  // From the repository's root, as `npm run build` and `npm start` run it.
  execFileSync(process.execPath, [`${cliDir}build.mjs`], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
  });
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
      KIOSK_DEMO_STRIPE_PORT: String(await freePort()),
      KIOSK_DEMO_BITCOIN_PORT: String(await freePort()),
    });
    child = server.child;
    await waitForOutput(() => server.output().stdout, `demo chain on http://127.0.0.1:${chainPort}`, 60_000);
  }, 90_000);

  it('starts again on the same data with its chain, its links and a new key; the earlier key stops working', async () => {
    const env = {
      PORT: String(await freePort()),
      KIOSK_DATA_DIR: mkdtempSync(join(tmpdir(), 'kiosk-demo-')),
      KIOSK_DEMO_CHAIN_PORT: String(await freePort()),
      KIOSK_DEMO_STRIPE_PORT: String(await freePort()),
      KIOSK_DEMO_BITCOIN_PORT: String(await freePort()),
    };
    const start = async () => {
      const server = run(['serve', '--demo'], env);
      child = server.child;
      const stdout = () => server.output().stdout;
      await waitForOutput(stdout, '  owner ', 60_000);
      const links = stdout().match(/checkout\/pay\/plink_\w+/g);
      const key = stdout().match(/test API key +(sk_test_\w+)/)![1]!;
      return { server, stdout: stdout(), links, key };
    };
    const first = await start();
    first.server.child.kill('SIGTERM');
    expect(await first.server.exited).toBe(0);

    const again = await start();
    // The deployments of KDT (and its ten mints) and KioskCollector, replayed from the journal.
    expect(again.stdout).toContain('replayed 12 transactions from');
    expect(again.stdout).toContain('demo store (test mode), as an earlier start left it:');
    // The shop's three links, the monthly plan's (whose cycles the demo's collector account pulls),
    // the card link's, its method given the webhook secret this start's emulator made, and the Bitcoin
    // link's, its method reading this start's stand-in.
    expect(again.links).toHaveLength(6);
    expect(again.stdout).toMatch(/\n {2}Kiosk mug {6}http:\/\/\S+\/checkout\/pay\/plink_\w+\n/);
    expect(again.stdout).toContain('  test card      4242 4242 4242 4242 pays');
    const standin = `http://127.0.0.1:${env.KIOSK_DEMO_BITCOIN_PORT}`;
    expect(again.stdout).toContain(
      `demo Bitcoin stand-in on ${standin} (regtest, Esplora's API; a block every 10 s)`,
    );
    expect(again.stdout).toMatch(/\n {2}Kiosk hoodie {3}http:\/\/\S+\/checkout\/pay\/plink_\w+\n/);
    expect(again.stdout).toContain(`curl -X POST '${standin}/_standin/fund?address=ADDRESS&sats=40000'`);
    expect(again.links).toEqual(first.links);
    expect(again.stdout).toMatch(/\n {2}Kiosk Pro {6}http:\/\/\S+\/checkout\/pay\/plink_\w+\n/);
    expect(again.stdout).toMatch(
      /\n {2}collector {6}development account #18 pulls Kiosk Pro's cycles through KioskCollector 0x[0-9a-fA-F]{40}\n/,
    );
    expect(again.key).not.toBe(first.key);
    const merchant = async (key: string) =>
      (
        await fetch(`http://127.0.0.1:${env.PORT}/api/payment-links`, {
          headers: { authorization: `Bearer ${key}` },
        })
      ).status;
    expect(await merchant(again.key)).toBe(200);
    expect(await merchant(first.key)).toBe(401);
  }, 150_000);

  it('says in one line which variable to change when the Bitcoin stand-in port is taken', async () => {
    const busy = createServer();
    busy.listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const taken = (busy.address() as { port: number }).port;
    try {
      const server = run(['serve', '--demo'], {
        PORT: String(await freePort()),
        KIOSK_DATA_DIR: mkdtempSync(join(tmpdir(), 'kiosk-demo-')),
        KIOSK_DEMO_CHAIN_PORT: String(await freePort()),
        KIOSK_DEMO_STRIPE_PORT: String(await freePort()),
        KIOSK_DEMO_BITCOIN_PORT: String(taken),
      });
      child = server.child;
      expect(await server.exited).toBe(2);
      expect(server.output().stderr.trim()).toBe(
        `kiosk: the demo Bitcoin stand-in cannot listen on 127.0.0.1:${taken} (in use); set KIOSK_DEMO_BITCOIN_PORT to a free port`,
      );
    } finally {
      busy.close();
    }
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
