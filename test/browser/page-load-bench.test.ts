import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutLoadFigures, measureCheckoutLoads, PROFILES, type Load } from '../../bench/page-load.ts';

/**
 * `npm run bench`'s cold loads of the hosted checkout (bench/page-load.ts), one per profile. The issue's
 * goals are judged on these figures, so they must be what a cold load really costs.
 */
describe('the checkout page-load bench', () => {
  let results: Record<'localhost' | 'slow4g', Load[]>;
  beforeAll(async () => {
    results = await measureCheckoutLoads(1);
  });

  it('prints the transfer, LCP, pay-ready time and layout shift of each profile', () => {
    const figures = checkoutLoadFigures(results);
    expect(figures.map(({ name, unit }) => `${name} ${unit}`)).toEqual([
      'checkout_cold_static_br KB',
      'checkout_cold_transfer_localhost KB',
      'checkout_lcp_localhost ms',
      'checkout_pay_ready_localhost ms',
      'checkout_cls_localhost ',
      'checkout_lcp_cookie_banner_localhost of 1 loads',
      'checkout_cold_transfer_slow4g KB',
      'checkout_lcp_slow4g ms',
      'checkout_pay_ready_slow4g ms',
      'checkout_cls_slow4g ',
      'checkout_lcp_cookie_banner_slow4g of 1 loads',
    ]);
    for (const { name, value } of figures)
      if (name.includes('cls') || name.includes('cookie_banner')) expect(value).toBeGreaterThanOrEqual(0);
      else expect(value).toBeGreaterThan(0);
  });

  it('counts a cold load once: the static files at their brotli size, plus headers and API answers', () => {
    for (const load of [...results.localhost, ...results.slow4g]) {
      expect(load.staticBrBytes).toBeGreaterThan(100 * 1024);
      // Less would mean a file came from a cache; far more, a file counted twice or sent uncompressed.
      expect(load.transferBytes).toBeGreaterThan(load.staticBrBytes);
      expect(load.transferBytes - load.staticBrBytes).toBeLessThan(32 * 1024);
    }
  });

  it("throttles the phone's network only: each answer waits the round trip, and the bytes their bandwidth", () => {
    const { latency, downloadThroughput } = PROFILES.find(({ name }) => name === 'slow4g')!.network!;
    const [phone] = results.slow4g;
    const [local] = results.localhost;
    // Timed by the browser's network stack, so a busy machine does not blur it much (the send's own time aside).
    expect(phone!.fastestAnswerMs).toBeGreaterThan(latency * 0.95);
    expect(local!.fastestAnswerMs).toBeLessThan(latency / 2);
    expect(phone!.payReadyMs).toBeGreaterThan((phone!.transferBytes / downloadThroughput) * 1000);
  });
});
