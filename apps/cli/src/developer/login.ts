import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { languageOf, parseJson, refusalLines, type ApiAnswer } from './api.ts';
import { configFile } from './config.ts';
import { CliFailure, type CliIo } from './io.ts';

/** How often the CLI asks whether the browser approved; `KIOSK_LOGIN_POLL_MS` changes it (tests). */
const POLL_MS = 2_000;

async function post(io: CliIo, url: string, body: unknown): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': languageOf(io.env) },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new CliFailure([`kiosk: cannot reach ${new URL(url).origin}: ${(error as Error).message}`]);
  }
  return { status: response.status, body: parseJson(await response.text()) };
}

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
  const opened = await post(io, `${server}/api/connect-cli`, {
    source: `Kiosk CLI on ${hostname()}`.slice(0, 64),
  });
  if (opened.status !== 201) throw new CliFailure(refusalLines(opened));
  const { id, secret, approve_url } = opened.body as { id: string; secret: string; approve_url: string };
  io.err.write(
    `Open this page, signed in as a developer, and approve the connection:\n\n  ${approve_url}\n\n`,
  );
  io.err.write('Waiting for approval…\n');

  const interval = Number(io.env.KIOSK_LOGIN_POLL_MS) || POLL_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, interval));
    const answer = await post(io, `${server}/api/connect-cli/${encodeURIComponent(id)}/redeem`, { secret });
    if (answer.status !== 200) throw new CliFailure(refusalLines(answer));
    const { status, token } = answer.body as {
      status: string;
      token: { secret: string; name: string; expires_at: number } | null;
    };
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
