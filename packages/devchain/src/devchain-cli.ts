import { DEV_MNEMONIC, startDevChainForDemo } from './devchain.ts';

// `npm run chain --workspace @kiosk/devchain [-- --port 8545]`: a local chain with the demo token,
// running until Ctrl-C.
const portFlag = process.argv.indexOf('--port');
const port = portFlag === -1 ? undefined : Number(process.argv[portFlag + 1]);
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
  console.error(`--port needs a port number, got ${process.argv[portFlag + 1]}`);
  process.exit(2);
}
const started = performance.now();
const chain = await startDevChainForDemo({ port });
const seconds = ((performance.now() - started) / 1000).toFixed(2);
const { demoToken } = chain;
console.log(`Local chain ${chain.chainId} at ${chain.rpcUrl} (ready in ${seconds} s)`);
console.log(
  `${demoToken.name} (${demoToken.symbol}, ${demoToken.decimals} decimals) at ${demoToken.address}`,
);
console.log(`Accounts of the public mnemonic "${DEV_MNEMONIC}" — never send real funds to them:`);
chain.accounts.forEach((address, index) => console.log(`  #${index} ${address}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void chain.stop().then(() => console.log('stopped'));
  });
}
