import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appDidFromPrivateKey, packBundle } from '@kiosk/bundle';
import { TestWallet } from '@kiosk/test-wallet';
import { signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeveloperCommands } from './developer/commands.ts';
import { CliFailure, type CliIo } from './developer/io.ts';

/**
 * The developer's CLI against the real server (issue 12 item 4): keygen, publish with an access
 * token (a progress bar on a terminal, plain lines otherwise), whoami and tokens. The commands run
 * in process, exactly as `kiosk` registers them, with their output captured.
 */

const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

interface Run {
  code: number;
  stdout: string[];
  stderr: string;
}

/** Runs `kiosk …args` in process; the exit code is 0, or the failure's. */
async function kiosk(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; tty?: boolean; onStderr?: (text: string) => void },
): Promise<Run> {
  const stdout: string[] = [];
  let stderr = '';
  const io: CliIo = {
    env: { HOME: options.cwd, XDG_CONFIG_HOME: join(options.cwd, '.config'), ...options.env },
    cwd: options.cwd,
    out: (line) => stdout.push(line),
    err: {
      write: (text: string) => {
        stderr += text;
        options.onStderr?.(stderr);
      },
      isTTY: options.tty ?? false,
    },
  };
  const program = new Command().name('kiosk').exitOverride();
  addDeveloperCommands(program, io);
  try {
    await program.parseAsync(['node', 'kiosk', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    if (!(error instanceof CliFailure)) throw error;
    return { code: error.exitCode, stdout, stderr: stderr + error.lines.join('\n') };
  }
}

describe.each(await testEngines())('the kiosk CLI publishing to a real store on %s', (engine) => {
  let server: TestServer;
  let work: string;
  let developer: Awaited<ReturnType<typeof signedIn>>;
  let developerDid: string;

  async function newToken(body: Record<string, unknown>) {
    const created = await developer.request('/api/developer/access-tokens', { method: 'POST', body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.secret as string;
  }

  /** `kiosk keygen` in a new app folder, then its kiosk.json naming the printed DID. */
  async function newApp(name: string) {
    const dir = join(work, name);
    await mkdir(dir, { recursive: true });
    const made = await kiosk(['keygen'], { cwd: dir });
    expect(made.code, made.stderr).toBe(0);
    const did = made.stdout[0]!;
    const metadata = {
      name,
      title: 'Tide Tables',
      description: 'Tides.',
      version: '1.0.0',
      did,
      logo: 'logo.png',
    };
    await writeFile(join(dir, 'kiosk.json'), JSON.stringify(metadata));
    await writeFile(join(dir, 'logo.png'), PNG);
    // Incompressible, so the upload takes several chunks (and progress steps).
    await writeFile(join(dir, 'tides.txt'), randomBytes(300_000).toString('base64'));
    return { dir, did, metadata };
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    work = await mkdtemp(join(tmpdir(), 'kiosk-cli-'));
    const owner = await signedIn(server, TestWallet.random());
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    developerDid = didOf(wallet);
    await owner.request('/api/passports', { method: 'POST', body: { did: developerDid, role: 'developer' } });
    developer = await signedIn(server, wallet);
  });
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('keygen writes a private key only its owner can read, prints its DID, and never replaces one', async () => {
    const dir = join(work, 'keys');
    await mkdir(dir);
    const made = await kiosk(['keygen', '--out', 'app.key'], { cwd: dir });
    expect(made.code).toBe(0);
    const key = (await readFile(join(dir, 'app.key'), 'utf8')).trim() as `0x${string}`;
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    expect(made.stdout).toEqual([appDidFromPrivateKey(key)]);
    expect((await stat(join(dir, 'app.key'))).mode & 0o777).toBe(0o600);
    expect(made.stderr).not.toContain(key);

    const again = await kiosk(['keygen', '--out', 'app.key'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('never replaces a key');
    expect((await readFile(join(dir, 'app.key'), 'utf8')).trim()).toBe(key);
  });

  it('publishes a folder with a token: the version is stored, its bundle is the folder, the URL printed', async () => {
    const app = await newApp('tide-tables');
    const token = await newToken({ name: 'laptop', scope: app.did });
    const published = await kiosk(['publish', app.dir, '--server', server.url, '--token', token], {
      cwd: work,
    });
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toEqual(['tide-tables 1.0.0: draft', `${server.url}/apps/${app.did}`]);
    // Not a terminal: plain progress lines, ending at 100%, and what was left out of the bundle.
    expect(published.stderr).toContain('left out .kiosk-app-key (ignored)');
    const progress = published.stderr.split('\n').filter((line) => line.startsWith('Uploading'));
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toMatch(/^Uploading 100% \((\d+\.\d KB) \/ \1\)$/);
    expect(published.stderr).not.toContain('\r');

    const detail = await developer.request(`/api/apps/${app.did}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ did: app.did, name: 'tide-tables', developer_did: developerDid });
    const version = detail.body.versions.find((v: { version: string }) => v.version === '1.0.0');
    expect(version?.status).toBe('draft');

    // The stored bundle is the folder packed (packing is reproducible), signed by the app's key.
    const download = await fetch(`${server.url}${version.download_url}`, {
      headers: { cookie: developer.cookie },
    });
    const bytes = Buffer.from(await download.arrayBuffer());
    const expected = await packBundle(app.dir);
    expect(bytes.equals(expected.bytes)).toBe(true);
    expect(`sha512-${createHash('sha512').update(bytes).digest('base64')}`).toBe(version.integrity);
  });

  it('draws a bar on a terminal and asks for review when told to, with token and server from the environment', async () => {
    const app = await newApp('harbour-lights');
    const env = { KIOSK_SERVER: `${server.url}/`, KIOSK_TOKEN: await newToken({ name: 'ci' }) };
    const published = await kiosk(['publish', '--request-review'], { cwd: app.dir, env, tty: true });
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout[0]).toBe('harbour-lights 1.0.0: pending');
    expect(published.stderr).toMatch(/\rUploading \[#{30}\] 100% [\d.]+ KB \/ [\d.]+ KB/);
  });

  it('reads the token and server from the config file when neither flag nor environment gives them', async () => {
    const app = await newApp('quay-clock');
    const token = await newToken({ name: 'config file' });
    const home = await mkdtemp(join(tmpdir(), 'kiosk-home-'));
    await mkdir(join(home, 'kiosk'), { recursive: true });
    await writeFile(join(home, 'kiosk', 'config.json'), JSON.stringify({ server: server.url, token }));
    const published = await kiosk(['publish'], { cwd: app.dir, env: { XDG_CONFIG_HOME: home } });
    expect(published.code, published.stderr).toBe(0);
    const who = await kiosk(['whoami'], { cwd: app.dir, env: { XDG_CONFIG_HOME: home } });
    expect(who.stdout).toEqual([
      developerDid,
      'roles: developer, member',
      expect.stringMatching(/^token: config file \(publish, all your apps, expires \d{4}-\d\d-\d\d\)$/),
      `store: ${server.url}`,
    ]);
    await rm(home, { recursive: true, force: true });
  });

  it('prints each problem of a refused upload in the developer’s language and exits 1', async () => {
    const app = await newApp('sea-state');
    const env = { KIOSK_SERVER: server.url, KIOSK_TOKEN: await newToken({ name: 'refusals' }) };
    expect((await kiosk(['publish'], { cwd: app.dir, env })).code).toBe(0);
    // The same version again, with a bad title: both problems, one line each.
    await writeFile(join(app.dir, 'kiosk.json'), JSON.stringify({ ...app.metadata, title: ' ' }));
    const refused = await kiosk(['publish'], { cwd: app.dir, env });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toEqual([]);
    const lines = refused.stderr.split('\n');
    expect(lines).toContain('kiosk: The store refused this bundle; each reason is listed (BUNDLE_REFUSED)');
    expect(lines.filter((l) => l.startsWith('  - '))).toHaveLength(2);
    expect(refused.stderr).toContain(
      'Version 1.0.0 must be greater than 1.0.0, the highest version uploaded',
    );

    const zh = await kiosk(['publish'], { cwd: app.dir, env: { ...env, LANG: 'zh_CN.UTF-8' } });
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain('商店拒绝了该应用包，原因逐条列出');
  });

  it('refuses with the store’s reason a token of another app, a read-only token and no token at all', async () => {
    const app = await newApp('wave-height');
    const other = await newApp('wind-speed');
    const scoped = await newToken({ name: 'other', scope: other.did });
    const outOfScope = await kiosk(['publish', '--server', server.url, '--token', scoped], { cwd: app.dir });
    expect(outOfScope.code).toBe(1);
    expect(outOfScope.stderr).toContain(
      `kiosk: The access token “other” is limited to the app ${other.did} (ACCESS_TOKEN_OUT_OF_SCOPE)`,
    );
    const reader = await newToken({ name: 'reader', permission: 'read' });
    const readOnly = await kiosk(['publish', '--server', server.url, '--token', reader], { cwd: app.dir });
    expect(readOnly.code).toBe(1);
    expect(readOnly.stderr).toContain('(ACCESS_TOKEN_READ_ONLY)');
    // The store refuses from the headers (Expect: 100-continue), before a byte of the bundle is sent:
    // streaming it into a connection the store then closed could end in a broken pipe, not the reason.
    for (const refused of [outOfScope, readOnly]) expect(refused.stderr).not.toContain('Uploading');
    const bogus = await kiosk(['whoami', '--server', server.url, '--token', `kat_${'x'.repeat(40)}`], {
      cwd: app.dir,
    });
    expect(bogus.code).toBe(1);
    expect(bogus.stderr).toContain('(INVALID_ACCESS_TOKEN)');
    const none = await kiosk(['publish'], { cwd: app.dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing the store: --server URL or KIOSK_SERVER');
    expect((await developer.request(`/api/apps/${app.did}`)).status).toBe(404);
  });

  it('lists the developer’s tokens without their secrets', async () => {
    const token = await newToken({ name: 'lister', permission: 'read' });
    const listed = await kiosk(['tokens', '--server', server.url, '--token', token], { cwd: work });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout[0]).toMatch(/^NAME +TOKEN +PERMISSION +SCOPE +EXPIRY +LAST USED$/);
    const row = listed.stdout.find((line) => line.startsWith('lister '));
    expect(row).toMatch(/^lister +kat_\w{8}… +read +all your apps +expires \d{4}-\d\d-\d\d +used \d{4}/);
    expect(listed.stdout.join('\n')).not.toContain(token);
    expect(listed.stdout.find((line) => line.startsWith('laptop '))).toContain('did:pkh:eip155:1:0x');
  });

  it('logs in through the browser’s approval, keeps the token in the config file (0600), then publishes with it', async () => {
    const app = await newApp('login-first');
    const home = await mkdtemp(join(tmpdir(), 'kiosk-home-'));
    const env = { XDG_CONFIG_HOME: home, KIOSK_LOGIN_POLL_MS: '20' };
    let approved: Promise<unknown> | undefined;
    const loggedIn = await kiosk(['login', '--server', server.url], {
      cwd: app.dir,
      env,
      // What the developer does in the browser: open the page shown, signed in, and approve.
      onStderr: (text) => {
        const page = /(http\S+\/connect-cli\?id=(\S+))/.exec(text);
        if (page && !approved)
          approved = developer.request(`/api/connect-cli/${page[2]}/approve`, { method: 'POST' });
      },
    });
    expect(loggedIn.code, loggedIn.stderr).toBe(0);
    expect(loggedIn.stdout[0]).toMatch(
      /^Logged in to http:\/\/127\.0\.0\.1:\d+: the access token "Kiosk CLI on .+" is kept in /,
    );
    const file = join(home, 'kiosk', 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toEqual({ server: server.url, token: expect.stringMatching(/^kat_/) });

    const published = await kiosk(['publish'], { cwd: app.dir, env });
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toEqual(['login-first 1.0.0: draft', `${server.url}/apps/${app.did}`]);
    await rm(home, { recursive: true, force: true });
  });

  it('stops waiting when the connection is denied in the browser', async () => {
    const home = await mkdtemp(join(tmpdir(), 'kiosk-home-'));
    let denied: Promise<unknown> | undefined;
    const refused = await kiosk(['login'], {
      cwd: work,
      env: { XDG_CONFIG_HOME: home, KIOSK_LOGIN_POLL_MS: '20', KIOSK_SERVER: server.url },
      onStderr: (text) => {
        const id = /connect-cli\?id=(\S+)/.exec(text)?.[1];
        if (id && !denied) denied = developer.request(`/api/connect-cli/${id}/deny`, { method: 'POST' });
      },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('kiosk: the connection was denied in the browser');
    await expect(stat(join(home, 'kiosk', 'config.json'))).rejects.toThrow();
    await rm(home, { recursive: true, force: true });
  });
});
