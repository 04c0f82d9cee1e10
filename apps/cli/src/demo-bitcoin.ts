import { startBitcoinStandin, type BitcoinStandin } from '@kiosk/bitcoin-standin';
import type { Config } from '@kiosk/server';

/** Seconds rather than Bitcoin's ten minutes: a demo payment's confirmations arrive while one watches. */
export const DEMO_BLOCK_TIME_MS = 10_000;

/**
 * The demo's Bitcoin: the local regtest stand-in (docs/bitcoin-standin.md) on KIOSK_DEMO_BITCOIN_PORT,
 * mining a block every ten seconds, whose Esplora API the demo's Bitcoin method reads. It keeps its
 * chain in memory only: each start begins at the genesis block.
 */
export async function startDemoBitcoin(
  config: Config,
  print: (line: string) => void,
): Promise<BitcoinStandin> {
  try {
    const standin = await startBitcoinStandin({
      port: config.demoBitcoinPort,
      blockTime: DEMO_BLOCK_TIME_MS,
    });
    print(
      `demo Bitcoin stand-in on ${standin.url} (regtest, Esplora's API; a block every ${DEMO_BLOCK_TIME_MS / 1_000} s)`,
    );
    return standin;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `kiosk: the demo Bitcoin stand-in cannot listen on 127.0.0.1:${config.demoBitcoinPort} (in use); set KIOSK_DEMO_BITCOIN_PORT to a free port`,
      );
      process.exit(2);
    }
    throw error;
  }
}
