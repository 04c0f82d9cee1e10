import { describe, expect, it } from 'vitest';
import { isWebAddress, WEB_ADDRESS_MAX } from './web-address.ts';

describe('a web address', () => {
  it('is an http(s) address with a host', () => {
    expect(isWebAddress('https://shop.example/thanks?cs={CHECKOUT_SESSION_ID}')).toBe(true);
    expect(isWebAddress('http://localhost:3000/cart')).toBe(true);
    expect(isWebAddress('shop.example/thanks')).toBe(false);
    expect(isWebAddress('https://')).toBe(false);
  });

  it('is nothing a browser would run or take as content', () => {
    for (const address of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      '//evil.example',
    ])
      expect(isWebAddress(address), address).toBe(false);
  });

  it('fits the longest address taken', () => {
    const base = 'https://shop.example/';
    expect(isWebAddress(base + 'a'.repeat(WEB_ADDRESS_MAX - base.length))).toBe(true);
    expect(isWebAddress(base + 'a'.repeat(WEB_ADDRESS_MAX - base.length + 1))).toBe(false);
  });
});
