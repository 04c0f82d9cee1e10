import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEV_MNEMONIC, startDevChainForDemo, type DemoDevChain } from '@kiosk/devchain';
import type { Clock } from '@kiosk/platform';
import { seedDemo, type DemoSummary } from '@kiosk/server';
import { cookieClient, startTestServer, type TestServer } from '@kiosk/testkit';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/**
 * Real-browser tests: the built web app served by the real server (fresh SQLite), driven by Debian's
 * Chromium through playwright-core. Screenshots go to test-results/screenshots (git-ignored).
 */

// KIOSK_TEST_WEB_DIR points the tests at another build (a second checkout's, a work in progress).
export const WEB_DIR =
  process.env.KIOSK_TEST_WEB_DIR ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google's hosts on a closed network.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** A phone's browser names itself so: the server draws the hosted checkout's phone layout for it. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export interface BrowserHarness {
  server: TestServer;
  browser: Browser;
  /** A fresh context (own cookies and storage) with one page. */
  open(options?: {
    viewport?: keyof typeof VIEWPORTS;
    locale?: string;
  }): Promise<{ context: BrowserContext; page: Page; cspViolations: string[] }>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** The server's clock, for tests that move time (a token lapsing). */
  clock?: Clock;
}

export async function startBrowserHarness(
  env: Record<string, string> = {},
  { clock }: HarnessOptions = {},
): Promise<BrowserHarness> {
  if (!existsSync(`${WEB_DIR}/index.html`)) {
    throw new Error(`the web app is not built at ${WEB_DIR}: run \`npm run build\` first`);
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (see .ci/run)`);
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const server = await startTestServer('sqlite', { env: { KIOSK_WEB_DIR: WEB_DIR, ...env }, clock });
  // playwright-core gives each launch a fresh temporary user-data dir.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  return {
    server,
    browser,
    async open({ viewport = 'desktop', locale = 'en-US' } = {}) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: VIEWPORTS[viewport],
        locale,
        isMobile: viewport === 'mobile',
        hasTouch: viewport === 'mobile',
        ...(viewport === 'mobile' && { userAgent: PHONE_USER_AGENT }),
      });
      const page = await context.newPage();
      // What the pages' Content-Security-Policy blocked: a journey that needs it would break in use.
      const cspViolations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy'))
          cspViolations.push(message.text());
      });
      return { context, page, cspViolations };
    },
    async screenshot(page, name) {
      const path = `${SCREENSHOT_DIR}/${name}.png`;
      // What the user settles on, not a dialog half faded in (endless ones, such as spinners, go on;
      // a paused one is not waited for past a second).
      await page.evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 1_000)),
        ]),
      );
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export interface DemoHarness extends BrowserHarness {
  chain: DemoDevChain;
  demo: DemoSummary;
  /** A payment link of the demo store by its name. */
  link(name: string): string;
  /** The demo merchant's API, with its test key. */
  merchant(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: any }>;
}

/**
 * The key `kiosk serve --demo` gives the server's collector (development account #18, the CLI's
 * withDemoCollector): the account the demo plan's mandates name as the one that pulls its cycles.
 */
const demoCollectorKey = toHex(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 18 }).getHdKey().privateKey!);

export interface DemoHarnessOptions extends HarnessOptions {
  /** A Bitcoin stand-in for the demo's Bitcoin method and its link, as `kiosk serve --demo` has. */
  bitcoin?: { url: string };
}

/**
 * The browser harness over the demo store: a local chain, its payment method and links (the Kiosk Pro
 * plan's collector included), the test wallet; Bitcoin when given a stand-in.
 */
export async function startDemoHarness(
  env: Record<string, string> = {},
  options: DemoHarnessOptions = {},
): Promise<DemoHarness> {
  const chain = await startDevChainForDemo();
  const harness = await startBrowserHarness(
    { KIOSK_TEST_WALLET: 'true', KIOSK_EVM_COLLECTOR_KEY: demoCollectorKey, ...env },
    options,
  );
  const standins = options.bitcoin && { bitcoin: { esploraUrl: options.bitcoin.url } };
  const demo = (await seedDemo(harness.server.app, chain, standins))!;
  return {
    ...harness,
    chain,
    demo,
    link: (name) => demo.links.find((link) => link.name === name)!.id,
    merchant: (path, init = {}) =>
      cookieClient(harness.server.url).request(path, {
        ...init,
        headers: { authorization: `Bearer ${demo.apiKey}` },
      }),
    async close() {
      await harness.close();
      await chain.stop();
    },
  };
}

/** Waits up to 15 s for `done`, giving the server's job runner (the billing engine's) time between looks. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
}
