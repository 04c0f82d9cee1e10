import { APP_KEY_FILE } from '@kiosk/bundle';
import type { Command } from 'commander';
import { ask, storeClient } from './api.ts';
import { connectionOf } from './config.ts';
import type { CliIo } from './io.ts';
import { keygen } from './keygen.ts';
import { login } from './login.ts';
import { publish, type PublishOptions } from './publish.ts';

interface ConnectionFlags {
  server?: string;
  token?: string;
}

const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
const scopeText = (scope: string) => (scope === 'all' ? 'all your apps' : scope);

async function whoami(io: CliIo, flags: ConnectionFlags): Promise<void> {
  const connection = await connectionOf(io, flags);
  const who = await ask(connection.server, storeClient(io, connection).call('GET /api/developer/whoami'));
  io.out(who.did);
  io.out(`roles: ${who.roles.join(', ')}`);
  if (who.token)
    io.out(
      `token: ${who.token.name} (${who.token.permission}, ${scopeText(who.token.scope)}, expires ${day(who.token.expires_at)})`,
    );
  io.out(`store: ${connection.server}`);
}

async function tokens(io: CliIo, flags: ConnectionFlags): Promise<void> {
  const connection = await connectionOf(io, flags);
  const { list } = await ask(
    connection.server,
    storeClient(io, connection).call('GET /api/developer/access-tokens', { query: { pageSize: 100 } }),
  );
  if (list.length === 0) {
    io.out('No access tokens.');
    return;
  }
  const rows = list.map((t) => [
    t.name,
    `${t.prefix}…`,
    t.permission,
    scopeText(t.scope),
    t.status === 'expired' ? `expired ${day(t.expires_at)}` : `expires ${day(t.expires_at)}`,
    t.last_used_at === null ? 'never used' : `used ${day(t.last_used_at)}`,
  ]);
  const header = ['NAME', 'TOKEN', 'PERMISSION', 'SCOPE', 'EXPIRY', 'LAST USED'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows])
    io.out(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

/**
 * The developer's commands (issue 12 item 4): keygen, publish, whoami, tokens. They talk to a store
 * over HTTP with an access token, so they work against any Kiosk server, not only a local one.
 */
export function addDeveloperCommands(program: Command, io: CliIo): void {
  const connectionOptions = (command: Command) =>
    command
      .option('--server <url>', 'the store (else KIOSK_SERVER, else the config file)')
      .option('--token <token>', 'a developer access token kat_… (else KIOSK_TOKEN, else the config file)');

  program
    .command('login')
    .description(
      'connect this CLI to a store: approve it in the browser, the token is kept in the config file',
    )
    .option('--server <url>', 'the store (else KIOSK_SERVER)')
    .action((options: { server?: string }) => login(io, options));

  program
    .command('keygen')
    .description("make an app's key pair: writes the private key (mode 0600) and prints the app's DID")
    .option('--out <file>', 'where to write the private key', APP_KEY_FILE)
    .action((options: { out?: string }) => keygen(io, options));

  connectionOptions(
    program
      .command('publish')
      .description('pack a folder holding kiosk.json, sign the release with the app key and upload it')
      .argument('[dir]', 'the app folder', '.')
      .option('--key <file>', `the app's private key (default: ${APP_KEY_FILE} in the folder)`)
      .option('--request-review', 'ask for review in the same upload'),
  ).action((dir: string, options: PublishOptions) => publish(io, dir, options));

  connectionOptions(program.command('whoami').description('who the access token speaks for')).action(
    (options: ConnectionFlags) => whoami(io, options),
  );

  connectionOptions(
    program.command('tokens').description('list your access tokens (never their secrets)'),
  ).action((options: ConnectionFlags) => tokens(io, options));
}
