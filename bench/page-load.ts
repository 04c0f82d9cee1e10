/// <reference lib="dom" />
// The probe runs in the browser.
/**
 * The hosted checkout's cold load in a real Chromium (issue 10): the built web app served by the real
 * server, opened from a payment link in a fresh browser context each time (empty cache, new
 * connections), on plain localhost and on a slow-4G phone. Each figure is the median of the loads:
 * - transfer: the bytes the network delivered, response headers and encoded bodies, summed from
 *   CDP's `Network.loadingFinished` `encodedDataLength` until the network has been quiet for 500 ms
 *   after the pay button is enabled (requests sent, and websocket frames, are not counted);
 * - LCP: the last `largest-contentful-paint` entry once the network is quiet;
 * - pay ready: from navigation start until the checkout's submit button ("Connect and pay" for an
 *   anonymous buyer) first exists enabled, noted in the page by a MutationObserver;
 * - CLS: the layout shifts' sum (none after input: the bench gives none), and how often the largest
 *   paint was the cookie banner's rather than the checkout's own.
 * The figures are reported, not asserted: the issue's goals on the phone are LCP ≤ 1.5 s, pay ≤ 2.5 s.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type CDPSession } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, PHONE_USER_AGENT, VIEWPORTS, WEB_DIR } from '../test/browser/harness.ts';
import type { PageLoadServer } from './page-load-server.ts';

const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 5);
const PAY_BUTTON = 'form button[type="submit"]';
const QUIET_MS = 500;
const LOAD_TIMEOUT_MS = 60_000;

function documentFile(path: string): string {
  const own = path.startsWith('/checkout/pay/') ? 'checkout.html' : 'index.html';
  return existsSync(join(WEB_DIR, own)) ? own : 'index.html';
}

interface Profile {
  name: 'localhost' | 'slow4g';
  context: BrowserContextOptions;
  /** Chromium's request-level throttling, as DevTools applies it (bytes per second, ms). */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown?: number;
}

export const PROFILES: readonly Profile[] = [
  { name: 'localhost', context: { viewport: VIEWPORTS.desktop } },
  {
    // The phone: 390×844, 1.6 Mbps down, 750 kbps up, 150 ms round trip, 4× slower CPU.
    name: 'slow4g',
    context: { viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT },
    network: { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
    cpuSlowdown: 4,
  },
];

export interface Load {
  transferBytes: number;
  /** The static files this load fetched, at the size of their .br copies (the raw file when none). */
  staticBrBytes: number;
  /** The quickest answer's wait after its request was sent: at least the latency, when throttled. */
  fastestAnswerMs: number;
  lcpMs: number;
  payReadyMs: number;
  cls: number;
  lcpInCookieBanner: boolean;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

/** What the probe notes in the page, in ms since navigation start. */
interface Probe {
  payReady?: number;
  lcp?: number;
  lcpInCookieBanner?: boolean;
  cls: number;
}

/** Installed before the page's own scripts, in every document the page opens. */
function installProbe(selector: string): void {
  const probe: Probe = { cls: 0 };
  (window as unknown as { kioskBench: Probe }).kioskBench = probe;
  // Noted in the page, so how often the bench asks does not blur the figure.
  const observer = new MutationObserver(() => {
    const button = document.querySelector<HTMLButtonElement>(selector);
    if (!button || button.disabled) return;
    probe.payReady = performance.now();
    observer.disconnect();
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      probe.lcp = entry.startTime;
      // The cookie banner is the page's only region section (packages/react's CookieConsent).
      probe.lcpInCookieBanner = Boolean(entry.element?.closest('section[role="region"]'));
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[])
      if (!entry.hadRecentInput) probe.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Counts what the network delivers to one page, and tells when it has been quiet a while. */
function watchTraffic(cdp: CDPSession, origin: string) {
  const inFlight = new Set<string>();
  const staticFiles = new Map<string, string>();
  let bytes = 0;
  let fastestAnswerMs = Infinity;
  let changedAt = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    inFlight.add(requestId);
    changedAt = Date.now();
    const url = new URL(request.url);
    if (url.origin !== origin) return;
    // A page's document is its HTML entry whatever its path (apps/server/src/page-entries.ts: the
    // checkout's own, else index.html); other files are served under their own path.
    const file = type === 'Document' ? documentFile(url.pathname) : decodeURIComponent(url.pathname.slice(1));
    if (existsSync(join(WEB_DIR, file)) && statSync(join(WEB_DIR, file)).isFile())
      staticFiles.set(requestId, file);
  });
  cdp.on('Network.responseReceived', ({ response: { timing } }) => {
    if (timing) fastestAnswerMs = Math.min(fastestAnswerMs, timing.receiveHeadersEnd - timing.sendEnd);
  });
  const settle = (requestId: string) => {
    inFlight.delete(requestId);
    changedAt = Date.now();
  };
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    bytes += encodedDataLength;
    settle(requestId);
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    staticFiles.delete(requestId);
    settle(requestId);
  });
  return {
    bytes: () => bytes,
    fastestAnswerMs: () => fastestAnswerMs,
    staticBrBytes: () =>
      [...new Set(staticFiles.values())].reduce((sum, file) => {
        const path = join(WEB_DIR, file);
        return sum + statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
      }, 0),
    async quiet(): Promise<void> {
      const deadline = Date.now() + LOAD_TIMEOUT_MS;
      while (inFlight.size > 0 || Date.now() - changedAt < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`the checkout still loads ${inFlight.size} requests`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** One cold load of `url` on `profile`, in a context of its own. */
async function loadOnce(browser: Browser, url: string, profile: Profile): Promise<Load> {
  const context = await browser.newContext(profile.context);
  try {
    const page = await context.newPage();
    await page.addInitScript(installProbe, PAY_BUTTON);
    const cdp = await context.newCDPSession(page);
    const traffic = watchTraffic(cdp, new URL(url).origin);
    await cdp.send('Network.enable');
    if (profile.network)
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    if (profile.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    const probe = () => (window as unknown as { kioskBench: Probe }).kioskBench;
    await page.waitForFunction(
      () => (window as unknown as { kioskBench: Probe }).kioskBench.payReady !== undefined,
      undefined,
      { polling: 100, timeout: LOAD_TIMEOUT_MS },
    );
    await traffic.quiet();
    const { payReady, lcp, cls, lcpInCookieBanner } = await page.evaluate(probe);
    if (lcp === undefined)
      throw new Error(`${profile.name}: the checkout reported no largest contentful paint`);
    return {
      transferBytes: traffic.bytes(),
      staticBrBytes: traffic.staticBrBytes(),
      fastestAnswerMs: traffic.fastestAnswerMs(),
      lcpMs: lcp,
      payReadyMs: payReady!,
      cls,
      lcpInCookieBanner: lcpInCookieBanner ?? false,
    };
  } finally {
    await context.close();
  }
}

function startServer(): Promise<PageLoadServer & { stop(): Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./page-load-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) =>
      resolve({
        ...(message as PageLoadServer),
        // Gone before whatever the caller measures next starts.
        stop: async () => {
          child.send('stop');
          await once(child, 'exit');
        },
      }),
    );
    child.once('exit', (code) => reject(new Error(`page-load server exited with ${code}`)));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const kilobytes = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Loads the checkout `loads` times on each profile, turn about, and answers every load. */
export async function measureCheckoutLoads(loads = LOADS): Promise<Record<Profile['name'], Load[]>> {
  if (!existsSync(join(WEB_DIR, 'index.html')))
    throw new Error(`the web app is not built at ${WEB_DIR}: run \`npm run build\` first`);
  // Without them the server compresses each file as it sends it, which production never does.
  if (!existsSync(join(WEB_DIR, 'index.html.br')))
    throw new Error(`the web app at ${WEB_DIR} has no .br copies: build it with \`npm run build\``);
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const url = `${server.url}/checkout/pay/${server.linkId}`;
    // Not counted: the browser's first renderer and the server's first answers start cold.
    await loadOnce(browser, url, PROFILES[0]!);
    const results: Record<Profile['name'], Load[]> = { localhost: [], slow4g: [] };
    // Turn about, so a busy moment of the machine falls on both profiles alike.
    for (let i = 0; i < loads; i++)
      for (const profile of PROFILES) results[profile.name].push(await loadOnce(browser, url, profile));
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The medians as `name: value unit` figures. */
export function checkoutLoadFigures(results: Record<Profile['name'], Load[]>): Figure[] {
  const all = Object.values(results).flat();
  const figures: Figure[] = [
    {
      name: 'checkout_cold_static_br',
      value: kilobytes(median(all.map((l) => l.staticBrBytes))),
      unit: 'KB',
    },
  ];
  for (const [profile, loads] of Object.entries(results)) {
    figures.push(
      {
        name: `checkout_cold_transfer_${profile}`,
        value: kilobytes(median(loads.map((l) => l.transferBytes))),
        unit: 'KB',
      },
      { name: `checkout_lcp_${profile}`, value: Math.round(median(loads.map((l) => l.lcpMs))), unit: 'ms' },
      {
        name: `checkout_pay_ready_${profile}`,
        value: Math.round(median(loads.map((l) => l.payReadyMs))),
        unit: 'ms',
      },
      {
        name: `checkout_cls_${profile}`,
        value: Math.round(median(loads.map((l) => l.cls)) * 1000) / 1000,
        unit: '',
      },
      {
        name: `checkout_lcp_cookie_banner_${profile}`,
        value: loads.filter((l) => l.lcpInCookieBanner).length,
        unit: `of ${loads.length} loads`,
      },
    );
  }
  return figures;
}
