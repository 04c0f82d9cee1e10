import { describe, expect, it } from 'vitest';
import {
  allPaid,
  anyPaying,
  initialPastDueState,
  pastDueReducer,
  payableInPlace,
  type OverdueEntry,
} from './past-due.ts';

const kdt: OverdueEntry = {
  amount: '10000000',
  currency: { id: 'pc_kdt', symbol: 'KDT', decimal: 6, maximum_precision: 2 },
  method: { id: 'pm_local', type: 'evm' },
};
const eth: OverdueEntry = {
  amount: '1000000000000000',
  currency: { id: 'pc_eth', symbol: 'ETH', decimal: 18, maximum_precision: 6 },
  method: { id: 'pm_local', type: 'evm' },
};
const both = pastDueReducer(initialPastDueState, { type: 'loaded', summary: { pc_kdt: kdt, pc_eth: eth } });
const statuses = (state: typeof both) => state.rows.map((row) => [row.currencyId, row.status]);

describe('the past-due rows', () => {
  it('start idle, one per currency of the overdue answer', () => {
    expect(statuses(both)).toEqual([
      ['pc_kdt', 'idle'],
      ['pc_eth', 'idle'],
    ]);
    expect(allPaid(both)).toBe(false);
  });

  it('go idle → in progress → Paid when the currency leaves the overdue answer; all Paid only when every row is', () => {
    const paying = pastDueReducer(both, { type: 'pay', currencyId: 'pc_kdt' });
    expect(statuses(paying)[0]).toEqual(['pc_kdt', 'paying']);
    expect(anyPaying(paying)).toBe(true);
    const sent = pastDueReducer(paying, { type: 'sent', currencyId: 'pc_kdt', now: 5 });
    expect(sent.rows[0]).toMatchObject({ status: 'paying', since: 5 });
    // Still owed while the chain is read: unchanged.
    expect(
      statuses(pastDueReducer(sent, { type: 'loaded', summary: { pc_kdt: kdt, pc_eth: eth } }))[0],
    ).toEqual(['pc_kdt', 'paying']);
    const kdtPaid = pastDueReducer(sent, { type: 'loaded', summary: { pc_eth: eth } });
    expect(statuses(kdtPaid)).toEqual([
      ['pc_kdt', 'paid'],
      ['pc_eth', 'idle'],
    ]);
    expect(allPaid(kdtPaid)).toBe(false);
    expect(allPaid(pastDueReducer(kdtPaid, { type: 'loaded', summary: {} }))).toBe(true);
  });

  it('fail with a reason and may be tried again (Retry), which clears the reason', () => {
    const failed = pastDueReducer(pastDueReducer(both, { type: 'pay', currencyId: 'pc_eth' }), {
      type: 'failed',
      currencyId: 'pc_eth',
      message: 'You declined the payment in your wallet.',
    });
    expect(failed.rows[1]).toMatchObject({
      status: 'failed',
      message: 'You declined the payment in your wallet.',
    });
    const again = pastDueReducer(failed, { type: 'pay', currencyId: 'pc_eth' });
    expect(again.rows[1]).toEqual({ ...eth, currencyId: 'pc_eth', status: 'paying' });
    // A failure only ends a payment in progress.
    expect(pastDueReducer(both, { type: 'failed', currencyId: 'pc_kdt', message: 'x' })).toEqual(both);
  });

  it('follow the amount read again, and a currency owed again after Paid is a new idle row', () => {
    const paid = pastDueReducer(both, { type: 'loaded', summary: { pc_eth: eth } });
    const owedAgain = pastDueReducer(paid, {
      type: 'loaded',
      summary: { pc_kdt: { ...kdt, amount: '20000000' }, pc_eth: eth },
    });
    expect(owedAgain.rows[0]).toMatchObject({ status: 'idle', amount: '20000000' });
  });

  it('a card method cannot be paid in place (seed 000 §4)', () => {
    expect(payableInPlace({ type: 'stripe' })).toBe(false);
    expect(payableInPlace({ type: 'evm' })).toBe(true);
  });
});
