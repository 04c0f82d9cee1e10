import { cookieClient } from '@kiosk/testkit';
import type { Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

/** Errors of the real app reach the server, sampled at KIOSK_ERROR_SAMPLE_RATE. */

let harness: BrowserHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function counted(url: string, source: string): Promise<number> {
  const text = (await cookieClient(url).request('/metrics')).body as string;
  const line = text.split('\n').find((l) => l.startsWith(`kiosk_client_errors_total{source="${source}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** The store home, loaded, with every error report it sends recorded. */
async function openHome(running: BrowserHarness) {
  const { context, page, cspViolations } = await running.open();
  const reports: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/client-errors')
      reports.push(request);
  });
  await page.goto('/?ref=newsletter');
  await page.getByRole('banner').waitFor();
  return { context, page, reports, cspViolations };
}

/** Throws from a timer, as a real bug in an event handler would: nobody catches it. */
const throwUncaught = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);

describe('browser error reports from the real app', () => {
  it('sends an uncaught error and an unhandled rejection of the page to the server at rate 1', async () => {
    harness = await startBrowserHarness();
    const { context, page, reports, cspViolations } = await openHome(harness);

    const sent = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/client-errors',
    );
    await throwUncaught(page, 'kiosk browser test: uncaught');
    const answer = await sent;
    expect(answer.status()).toBe(204);
    expect(answer.request().postDataJSON()).toMatchObject({
      source: 'error',
      message: 'kiosk browser test: uncaught',
      stack: expect.stringContaining('kiosk browser test: uncaught'),
      page: '/',
      app_version: '0.1.0',
    });

    await page.evaluate(() => {
      void Promise.reject(new RangeError('kiosk browser test: rejected'));
    });
    await expect.poll(() => reports.length).toBe(2);
    expect(reports[1]!.postDataJSON()).toMatchObject({
      source: 'unhandledrejection',
      message: 'RangeError: kiosk browser test: rejected',
    });
    // The same error again is not sent again.
    await throwUncaught(page, 'kiosk browser test: uncaught');
    await page.waitForTimeout(300);
    expect(reports).toHaveLength(2);

    await expect.poll(() => counted(harness!.server.url, 'error')).toBe(1);
    expect(await counted(harness.server.url, 'unhandledrejection')).toBe(1);
    // The reports go to the page's own origin, which its Content-Security-Policy allows.
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('sends nothing with KIOSK_ERROR_SAMPLE_RATE=0', async () => {
    harness = await startBrowserHarness({ KIOSK_ERROR_SAMPLE_RATE: '0' });
    const { context, page, reports } = await openHome(harness);

    // The page asks the rate when its first error comes, and learns that it reports nothing.
    const rate = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/client-errors/config',
    );
    await throwUncaught(page, 'kiosk browser test: unsampled');
    expect(await (await rate).json()).toEqual({ sample_rate: 0 });
    await page.waitForTimeout(500);
    expect(reports).toEqual([]);
    expect(await counted(harness.server.url, 'error')).toBe(0);
    await context.close();
  });
});
