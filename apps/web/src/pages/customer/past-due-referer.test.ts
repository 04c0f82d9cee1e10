import { describe, expect, it } from 'vitest';
import { pastDueHref, safeReferer } from './past-due-referer.ts';

const ORIGIN = 'https://kiosk.example';

describe('the past-due page returns to its referer', () => {
  it('when it is a path or a full address of this site, with its query', () => {
    expect(safeReferer('/customer/subscription/sub_1?livemode=false', ORIGIN, false)).toBe(
      '/customer/subscription/sub_1?livemode=false',
    );
    expect(safeReferer(`${ORIGIN}/checkout/pay/cs_1#top`, ORIGIN, true)).toBe('/checkout/pay/cs_1#top');
  });

  it('never to another origin, a protocol-relative or script address, or to itself; the portal instead', () => {
    for (const referer of [
      'https://evil.example/customer',
      '//evil.example/customer',
      'javascript:alert(1)',
      '/customer/invoice/past-due?referer=/x',
      '',
      null,
    ])
      expect(safeReferer(referer, ORIGIN, true)).toBe('/customer');
    expect(safeReferer('https://evil.example/', ORIGIN, false)).toBe('/customer?livemode=false');
  });

  it('names the page it came from in the link, and test mode when the portal is in it', () => {
    expect(pastDueHref('/customer?livemode=false', false)).toBe(
      '/customer/invoice/past-due?referer=%2Fcustomer%3Flivemode%3Dfalse&livemode=false',
    );
    expect(pastDueHref('/customer', true)).toBe('/customer/invoice/past-due?referer=%2Fcustomer');
  });
});
