import { describe, expect, it } from 'vitest';
import { isIdOf, newId, randomToken } from './ids.ts';

describe('ids', () => {
  it('prefixes ids with their kind and uses URL-safe characters', () => {
    const id = newId('checkoutSession');
    expect(id).toMatch(/^cs_[0-9A-Za-z]{24}$/);
    expect(encodeURIComponent(id)).toBe(id);
    expect(newId('paymentLink')).toMatch(/^plink_/);
  });

  it('sorts in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 1_000 }, () => newId('price'));
    expect([...ids].sort()).toEqual(ids);
  });

  it('never repeats across many draws', () => {
    const seen = new Set(Array.from({ length: 10_000 }, () => randomToken()));
    expect(seen.size).toBe(10_000);
  });

  it('recognises ids of a kind and rejects others', () => {
    expect(isIdOf('checkoutSession', newId('checkoutSession'))).toBe(true);
    expect(isIdOf('checkoutSession', newId('paymentLink'))).toBe(false);
    expect(isIdOf('checkoutSession', 'cs_../../etc')).toBe(false);
  });
});
