export {
  DEFAULT_CHAIN_ID,
  DEMO_OWNER_ACCOUNT,
  DEMO_TOKEN,
  DEV_ACCOUNT_BALANCE,
  DEV_ACCOUNT_COUNT,
  DEV_MNEMONIC,
  devChainDefinition,
  startDevChain,
  startDevChainForDemo,
  type DemoDevChain,
  type DeployDemoTokenOptions,
  type DevChain,
  type DevChainOptions,
} from './devchain.ts';
export { DevChainJournalError } from './journal.ts';
export {
  buildContracts,
  compileSource,
  loadContractArtifact,
  loadDemoTokenArtifact,
  type ContractArtifact,
} from './compile.ts';
