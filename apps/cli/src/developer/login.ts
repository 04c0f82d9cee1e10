import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { ask, storeClient } from './api.ts';
import { configFile } from './config.ts';
import { CliFailure, type CliIo } from './io.ts';

/** How often the CLI asks whether the browser approved; `KIOSK_LOGIN_POLL_MS` changes it (tests). */
const POLL_MS = 2_000;

/** Writes the server and token into the config file (0600), keeping whatever else it holds. */
async function saveLogin(io: CliIo, server: string, token: string): Promise<string> {
  const file = configFile(io.env);
  let kept: Record<string, unknown> = {};
  try {
    kept = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // No file yet, or not JSON: login writes a fresh one.
  }
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify({ ...kept, server, token }, null, 2)}\n`, { mode: 0o600 });
  // The mode of writeFile applies to a new file only; an older, wider one is narrowed.
  await chmod(file, 0o600);
  return file;
}

/**
 * `kiosk login`: opens a CLI connection on the store, shows the /connect-cli page to approve it in
 * the browser (signed in as a developer), waits, then keeps the access token it receives in the
 * config file that publish, whoami and tokens read.
 */
export async function login(io: CliIo, options: { server?: string }): Promise<void> {
  const given = options.server ?? io.env.KIOSK_SERVER;
  if (!given) throw new CliFailure(['kiosk: missing the store: --server URL or KIOSK_SERVER'], 2);
  let server: string;
  try {
    const url = new URL(given);
    server = url.origin + url.pathname.replace(/\/+$/, '');
  } catch {
    throw new CliFailure(
      [`kiosk: the server must be a URL like https://store.example.com (got ${given})`],
      2,
    );
  }
  const store = storeClient(io, { server });
  const { id, secret, approve_url } = await ask(
    server,
    store.call('POST /api/connect-cli', { body: { source: `Kiosk CLI on ${hostname()}`.slice(0, 64) } }),
  );
  io.err.write(
    `Open this page, signed in as a developer, and approve the connection:\n\n  ${approve_url}\n\n`,
  );
  io.err.write('Waiting for approval…\n');

  const interval = Number(io.env.KIOSK_LOGIN_POLL_MS) || POLL_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, interval));
    const { status, token } = await ask(
      server,
      store.call('POST /api/connect-cli/:id/redeem', { params: { id }, body: { secret } }),
    );
    if (token) {
      const file = await saveLogin(io, server, token.secret);
      io.out(`Logged in to ${server}: the access token "${token.name}" is kept in ${file}`);
      return;
    }
    if (status === 'denied') throw new CliFailure(['kiosk: the connection was denied in the browser']);
    if (status === 'expired' || status === 'redeemed')
      throw new CliFailure([
        `kiosk: the connection ${status === 'expired' ? 'expired' : 'was used already'}; run kiosk login again`,
      ]);
  }
}
