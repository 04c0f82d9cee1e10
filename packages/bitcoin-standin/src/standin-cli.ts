import { startBitcoinStandin } from './index.ts';

// `npm run node -w @kiosk/bitcoin-standin -- [port] [seconds between blocks]`: a local regtest chain
// behind Esplora's API until Ctrl-C; with a block time it mines on its own, as a live network would.

const port = Number(process.argv[2] ?? process.env.BITCOIN_STANDIN_PORT ?? 3002);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${process.argv[2]}`);
  process.exit(2);
}

const blockSeconds = process.argv[3] ?? process.env.BITCOIN_STANDIN_BLOCK_SECONDS;
const blockTime = blockSeconds === undefined ? undefined : Number(blockSeconds) * 1000;
if (blockTime !== undefined && !(Number.isInteger(blockTime) && blockTime > 0)) {
  console.error(`Not a number of seconds between blocks: ${blockSeconds}`);
  process.exit(2);
}

const standin = await startBitcoinStandin({
  port,
  host: process.env.BITCOIN_STANDIN_HOST ?? '127.0.0.1',
  ...(blockTime === undefined ? {} : { blockTime }),
});
const mining = blockTime === undefined ? 'blocks on request' : `a block every ${blockTime / 1000} s`;
console.log(`Bitcoin stand-in (regtest, Esplora API, ${mining}) at ${standin.url}
  tip height       curl ${standin.url}/blocks/tip/height
  broadcast        curl -X POST --data <raw tx hex> ${standin.url}/tx
Test controls (not Esplora's; see docs/bitcoin-standin.md):
  fund             curl -X POST '${standin.url}/_standin/fund?address=bcrt1q…&sats=100000'
  mine             curl -X POST '${standin.url}/_standin/mine?blocks=1'        (&address=bcrt1q… for the reward)
  reorg            curl -X POST '${standin.url}/_standin/reorg?depth=1'`);

const stop = () => void standin.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
