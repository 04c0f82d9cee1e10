/**
 * The server the page-load bench loads the hosted checkout from: the built web app and the demo store
 * on a local chain, as `kiosk serve --demo` runs them. In its own process, like bench/server.ts, so the
 * browser driver does not share its event loop. Answers `{ url, linkId }` (the "Sticker pack" link:
 * no field to fill, so an anonymous buyer's "Connect and pay" is enabled as soon as the order shows).
 */
import { startDevChainForDemo } from '@kiosk/devchain';
import { seedDemo } from '@kiosk/server';
import { startTestServer } from '@kiosk/testkit';
import '../test/setup/test-server.ts';
import { WEB_DIR } from '../test/browser/harness.ts';

export interface PageLoadServer {
  url: string;
  linkId: string;
}

const chain = await startDevChainForDemo();
const server = await startTestServer('sqlite', {
  // The demo's test wallet, and production's job poll interval rather than the tests' 20 ms.
  env: { KIOSK_WEB_DIR: WEB_DIR, KIOSK_TEST_WALLET: 'true', KIOSK_JOB_POLL_MS: '1000' },
});
const demo = await seedDemo(server.app, chain);
const link = demo?.links.find(({ name }) => name === 'Sticker pack');
if (!link) throw new Error('the demo store has no "Sticker pack" link');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  await chain.stop();
  process.exit(0);
}
process.on('message', (message) => message === 'stop' && void stop());
// The bench died without saying stop: do not outlive it.
process.on('disconnect', () => void stop());
process.send?.({ url: server.url, linkId: link.id } satisfies PageLoadServer);
