import { Command } from 'commander';
import {
  CONFIG_VARIABLES,
  ConfigError,
  VERSION,
  loadConfig,
  migrateDatabase,
  runServer,
} from '@kiosk/server';

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
  .option('--demo', 'run as a demo: the built-in test wallet is on (unless KIOSK_TEST_WALLET says otherwise)')
  .action(async (options: { demo?: boolean }) => {
    const demoDefaults: Record<string, string> = options.demo ? { KIOSK_TEST_WALLET: 'true' } : {};
    await runServer(configOrExit(demoDefaults), {
      onMigration: ({ name, index, total }) => console.log(`migrating ${index}/${total} ${name}`),
    });
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

program.parseAsync().catch((error: unknown) => {
  console.error(`kiosk: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
