/// <reference lib="dom" />
// page.addInitScript and page.evaluate callbacks run in the browser.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, type DemoHarness } from './harness.ts';

/**
 * Issue 27: the hosted checkout's HTML carries the order, drawn on the server for the visitor's
 * language and screen (apps/server/src/checkout-page.ts), and the page's scripts take the same DOM
 * over without changing a word or moving anything.
 */

const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

/** A GET with exactly these headers (fetch sets Sec-Fetch-Mode itself, as a browser's fetch does). */
function getPage(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ headers: response.headers, body }));
    }).on('error', reject);
  });
}

/** What the page showed before its scripts ran, and every layout shift, noted from the first byte. */
function watchTakeOver(): void {
  const watch = { shifts: [] as number[], drawn: undefined as string | undefined };
  (window as unknown as { takeOver: typeof watch }).takeOver = watch;
  // Module scripts run after DOMContentLoaded's parsing, so this is the server's markup.
  document.addEventListener('DOMContentLoaded', () => {
    watch.drawn = document.getElementById('root')?.innerText;
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[])
      if (!entry.hadRecentInput) watch.shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

describe('the hosted checkout drawn on the server', () => {
  let harness: DemoHarness;
  beforeAll(async () => {
    harness = await startDemoHarness();
  });
  afterAll(() => harness?.close());

  const sessionsOf = async (linkId: string): Promise<number> => {
    const answer = await harness.merchant(`/api/checkout-sessions?payment_link_id=${linkId}&limit=100`);
    expect(answer.status).toBe(200);
    return answer.body.count as number;
  };

  it('sends a link’s order in the visitor’s language, starts its one session, and the page takes it over unchanged', async () => {
    const linkId = harness.link('Sticker pack');
    const page = (headers: Record<string, string>) =>
      getPage(`${harness.server.url}/checkout/pay/${linkId}`, { 'accept-language': 'zh-CN', ...headers });

    // Not a browser opening the page (a prefetch, a crawler): the plain page, and no session started.
    const plain = (await page({})).body;
    expect(plain).not.toContain('Sticker pack');
    expect(await sessionsOf(linkId)).toBe(0);

    // A browser opening it: the order, in Chinese, in the HTML, and the session it started.
    const answer = await page(NAVIGATION);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const html = answer.body;
    expect(html).toContain('<html lang="zh"');
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    const text = root.replace(/<[^>]+>/g, ' ');
    expect(text).toContain('Sticker pack');
    expect(text).toContain('合计');
    expect(text).toContain('5 KDT');
    expect(text).toContain('连接钱包并支付');
    // Until the scripts have taken over, the pay button does nothing, so it says so.
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*disabled/);
    expect(await sessionsOf(linkId)).toBe(1);

    // A new buyer on a phone in Chinese: the page's scripts take over what the server drew.
    const { context, page: tab, cspViolations } = await harness.open({ viewport: 'mobile', locale: 'zh-CN' });
    try {
      await tab.addInitScript(watchTakeOver);
      await tab.goto(`/checkout/pay/${linkId}`);
      const pay = tab.getByRole('button', { name: '连接钱包并支付' });
      await expect.poll(() => pay.isEnabled(), { timeout: 20_000 }).toBe(true);
      // The link's address became its session's, the one the server started: no second session.
      await expect.poll(() => new URL(tab.url()).pathname).toMatch(/^\/checkout\/pay\/cs_/);
      expect(await sessionsOf(linkId)).toBe(2);

      const { drawn, shifts } = await tab.evaluate(
        () => (window as unknown as { takeOver: { drawn?: string; shifts: number[] } }).takeOver,
      );
      expect(drawn).toContain('Sticker pack');
      expect(drawn).toContain('连接钱包并支付');
      expect(await tab.evaluate(() => document.getElementById('root')?.innerText)).toBe(drawn);
      // Cumulative layout shift, as the issue measures it: at most 0.05.
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.05);
      expect(cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
