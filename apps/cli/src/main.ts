import { Command } from 'commander';
import {
  buildServer,
  CONFIG_VARIABLES,
  ConfigError,
  DEMO_CHAIN_ID,
  loadConfig,
  migrateDatabase,
  printDemo,
  runServer,
  seedDemo,
  VERSION,
} from '@kiosk/server';
import { startDemoBitcoin } from './demo-bitcoin.ts';
import { startDemoChain, warnIfChainForgot, withDemoCollector, withDemoOwner } from './demo-chain.ts';
import { startDemoStripe, withDemoStripe } from './demo-stripe.ts';
import { addDeveloperCommands } from './developer/commands.ts';
import { CliFailure, processIo } from './developer/io.ts';

/** Reads the configuration or explains, one line per bad variable, why it cannot. */
function configOrExit(defaults: Record<string, string> = {}) {
  try {
    return loadConfig({ ...defaults, ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`kiosk: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

const program = new Command()
  .name('kiosk')
  .description('Kiosk: a self-hosted payment kit and app store')
  .version(VERSION)
  .addHelpText(
    'after',
    `\nEnvironment:\n${Object.entries(CONFIG_VARIABLES)
      .map(([name, text]) => `  ${name.padEnd(24)} ${text}`)
      .join('\n')}`,
  );

program
  .command('serve')
  .description('migrate the database, then serve the API and the web app')
  .option(
    '--demo',
    'run as a demo: a local chain on 127.0.0.1:KIOSK_DEMO_CHAIN_PORT (8545) with the demo token, a Stripe emulator, a Bitcoin regtest stand-in, the demo store, and the test wallet',
  )
  .action(async (options: { demo?: boolean }) => {
    const demoDefaults: Record<string, string> = options.demo ? { KIOSK_TEST_WALLET: 'true' } : {};
    const config = configOrExit(demoDefaults);
    // The chain first: the demo token must be the first contract on it, at its known address.
    const chain = options.demo ? await startDemoChain(config, console.log) : undefined;
    const stripe = options.demo ? await startDemoStripe(config, console.log) : undefined;
    const bitcoin = options.demo ? await startDemoBitcoin(config, console.log) : undefined;
    const demoConfig = chain
      ? withDemoStripe(withDemoCollector(withDemoOwner(config, chain)), stripe)
      : config;
    const app = await runServer(demoConfig, {
      onMigration: ({ name, index, total }) => console.log(`migrating ${index}/${total} ${name}`),
    });
    if (chain) {
      const summary = await seedDemo(app, chain, bitcoin && { bitcoin: { esploraUrl: bitcoin.url } });
      printDemo(summary, console.log);
      warnIfChainForgot(chain, summary, config, console.log);
    }
  });

program
  .command('seed')
  .description('create data: --demo makes the demo store (test mode) on an empty database')
  .option(
    '--demo',
    'the demo store: a local-chain payment method, products, prices, payment links and a test API key',
  )
  .action(async (options: { demo?: boolean }) => {
    if (!options.demo) {
      console.error('kiosk seed: say what to seed (--demo)');
      process.exit(2);
    }
    const app = await buildServer(configOrExit());
    try {
      printDemo(
        await seedDemo(app, {
          rpcUrl: `http://127.0.0.1:${app.kiosk.config.demoChainPort}`,
          chainId: DEMO_CHAIN_ID,
        }),
        console.log,
      );
    } finally {
      await app.close();
    }
  });

program
  .command('migrate')
  .description('bring the database schema up to date and exit')
  .action(async () => {
    const config = configOrExit();
    const result = await migrateDatabase(config, ({ name, index, total }) =>
      console.log(`migrating ${index}/${total} ${name}`),
    );
    console.log(
      result.applied.length
        ? `applied ${result.applied.length} migration(s) on ${result.engine} (${result.location})`
        : `${result.engine} database is up to date (${result.location})`,
    );
  });

addDeveloperCommands(program, processIo());

program.parseAsync().catch((error: unknown) => {
  if (error instanceof CliFailure) {
    for (const line of error.lines) console.error(line);
    process.exit(error.exitCode);
  }
  console.error(`kiosk: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
