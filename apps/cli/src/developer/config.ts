import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliFailure, type CliIo } from './io.ts';

/** What `kiosk login` will write: the store the CLI talks to and the access token it sends. */
export interface CliConfig {
  server?: string;
  token?: string;
}

/** `$XDG_CONFIG_HOME/kiosk/config.json`, `~/.config/kiosk/config.json` when that is unset. */
export function configFile(env: CliIo['env']): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'kiosk', 'config.json');
}

async function readConfig(env: CliIo['env']): Promise<CliConfig> {
  const file = configFile(env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as CliConfig;
    return {
      server: typeof parsed.server === 'string' ? parsed.server : undefined,
      token: typeof parsed.token === 'string' ? parsed.token : undefined,
    };
  } catch {
    throw new CliFailure([`${file} is not valid JSON`]);
  }
}

export interface Connection {
  server: string;
  token: string;
}

/** The server and token: from the flags, else KIOSK_SERVER / KIOSK_TOKEN, else the config file. */
export async function connectionOf(
  io: CliIo,
  flags: { server?: string; token?: string },
): Promise<Connection> {
  const needsFile = !(flags.server ?? io.env.KIOSK_SERVER) || !(flags.token ?? io.env.KIOSK_TOKEN);
  const file = needsFile ? await readConfig(io.env) : {};
  const server = flags.server ?? io.env.KIOSK_SERVER ?? file.server;
  const token = flags.token ?? io.env.KIOSK_TOKEN ?? file.token;
  const missing = [
    ...(server ? [] : ['the store: --server URL or KIOSK_SERVER']),
    ...(token
      ? []
      : ['an access token: --token kat_… or KIOSK_TOKEN (make one at /developer/access-tokens)']),
  ];
  if (missing.length) throw new CliFailure([`kiosk: missing ${missing.join(', and ')}`], 2);
  let url: URL;
  try {
    url = new URL(server!);
  } catch {
    throw new CliFailure(
      [`kiosk: the server must be a URL like https://store.example.com (got ${server})`],
      2,
    );
  }
  return { server: url.origin + url.pathname.replace(/\/+$/, ''), token: token! };
}
