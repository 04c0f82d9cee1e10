export { buildServer, migrateDatabase, VERSION, type BuildOptions, type KioskContext } from './server.ts';
export { CONFIG_VARIABLES, ConfigError, loadConfig, type Config } from './config.ts';
export { runServer } from './serve.ts';
export { PAGE_MANIFESTS } from './page-entries.ts';
export type { KioskModule } from './modules.ts';
export { DEMO_CHAIN_ID, demoTokenAddress, printDemo, seedDemo, type DemoSummary } from './demo/seed.ts';
