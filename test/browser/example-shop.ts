import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { freePort } from '@kiosk/testkit';
import { startDemoHarness, type DemoHarness, type HarnessOptions } from './harness.ts';

const SHOP = fileURLToPath(new URL('../../examples/embed-checkout/server.mjs', import.meta.url));

export interface ExampleShop {
  /** The demo store, which lets the shop's origin call it. */
  harness: DemoHarness;
  /** The shop's own origin. */
  url: string;
  close(): Promise<void>;
}

/**
 * The example shop (examples/embed-checkout) on its own origin, its back end holding the demo
 * merchant's key and selling the demo's sticker pack, beside the demo store.
 */
export async function startExampleShop(options: HarnessOptions = {}): Promise<ExampleShop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const harness = await startDemoHarness({ KIOSK_CORS_ORIGINS: url }, options);
  const shop = spawn(process.execPath, [SHOP], {
    env: {
      ...process.env,
      PORT: String(port),
      KIOSK_URL: harness.server.url,
      KIOSK_API_KEY: harness.demo.apiKey,
      KIOSK_PAYMENT_LINK: harness.link('Sticker pack'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(shop.stdout!, 'data')) as [Buffer];
  if (!String(line).includes(`shop on ${url}`)) throw new Error(`the example shop said: ${String(line)}`);
  return {
    harness,
    url,
    async close() {
      shop.kill();
      await harness.close();
    },
  };
}
