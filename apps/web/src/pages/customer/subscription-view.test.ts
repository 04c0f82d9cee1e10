import { describe, expect, it } from 'vitest';
import { price } from '@kiosk/react/testing';
import { createKioskI18n } from '@kiosk/react/i18n';
import { DAY, monthly, NOW, subscription, trialing } from './portal-test-fixtures.ts';
import {
  cancelTiming,
  periodAmount,
  periodMessage,
  itemName,
  planName,
  subscriptionActions,
  subscriptionSchedule,
} from './subscription-view.ts';

const item = (id: string, overrides: Partial<ReturnType<typeof subscription>['items'][number]> = {}) => ({
  ...subscription().items[0]!,
  id,
  ...overrides,
});

describe('subscription view', () => {
  it('adds up a period as the billing engine does: each price in the currency times its quantity', () => {
    const seat = price({
      id: 'price_seat',
      unit_amount: '999',
      currency_options: [{ currency_id: 'pc_eth', unit_amount: '3', custom_unit_amount: null, tiers: null }],
    });
    const two = subscription({
      items: [item('si_a', { quantity: 3 }), item('si_b', { price_id: seat.id, price: seat, quantity: 2 })],
    });
    expect(periodAmount(two)).toBe(3_000_000n + 1_998n);
    // In a currency one price is not offered in, no total is true.
    expect(periodAmount({ ...two, currency_id: 'pc_eth' })).toBeUndefined();
    expect(periodAmount(subscription({ items: [item('si_gone', { price: null })] }))).toBeUndefined();
  });

  it('says the period as the checkout does, and nothing for an interval it does not know', () => {
    expect(periodMessage({ interval: 'month', interval_count: 1 })).toEqual({
      key: 'checkout.recurring.month',
      params: { count: 1 },
    });
    expect(periodMessage({ interval: 'month', interval_count: 3 })?.key).toBe(
      'checkout.recurring.month.every',
    );
    expect(periodMessage({ interval: 'fortnight', interval_count: 1 })).toBeUndefined();
  });

  it("names a subscription by its product, then its plan: the price's nickname, else how often it renews", () => {
    const { t } = createKioskI18n('en');
    const nicknamed = { ...monthly, nickname: 'Monthly' };
    // Issue 21 item 8: two subscriptions of a product, each once only "Monthly".
    expect(
      planName(subscription({ items: [item('si_n', { price: nicknamed, product_name: 'Kiosk Pro' })] }), t),
    ).toBe('Kiosk Pro · Monthly');
    expect(planName(subscription(), t)).toBe('Pro plan · Monthly');
    expect(planName(subscription({ recurring: { interval: 'month', interval_count: 3 } }), t)).toBe(
      'Pro plan · Every 3 months',
    );
    expect(planName(subscription({ recurring: { interval: 'year', interval_count: 1 } }), t)).toBe(
      'Pro plan · Yearly',
    );
    // The merchant's description is not a name; it names only what has no product any more.
    expect(planName(subscription({ description: 'Everything in Kiosk, billed monthly' }), t)).toBe(
      'Pro plan · Monthly',
    );
    const gone = item('si_gone', { price: null, product_name: null });
    expect(planName(subscription({ description: 'Team plan', items: [gone] }), t)).toBe('Team plan');
    expect(planName(subscription({ items: [gone] }), t)).toBe('sub_1');
    expect(planName(subscription(), createKioskI18n('zh').t)).toBe('Pro plan · 按月');
  });

  it("names an item by its product and its price's nickname", () => {
    expect(itemName(item('si_a'))).toBe('Pro plan');
    expect(itemName(item('si_b', { price: { ...monthly, nickname: 'Monthly' } }))).toBe('Pro plan · Monthly');
    expect(itemName(item('si_c', { price: null, product_name: null }))).toBe('price_monthly');
  });

  it('counts a trial down in days, hours, then minutes, and shows the first invoice once it has ended', () => {
    const count = (daysLeft: number) => {
      const schedule = subscriptionSchedule(trialing(daysLeft), NOW);
      return schedule.kind === 'trial' ? schedule.countdown : schedule.kind;
    };
    expect(count(7)).toEqual({ unit: 'day', count: 7 });
    expect(count(0.5)).toEqual({ unit: 'hour', count: 12 });
    expect(count(10 / 1_440)).toEqual({ unit: 'minute', count: 10 });
    expect(count(-1)).toBe('renews');
  });

  it('tells what comes next: the renewal, the scheduled cancel, the end, or what is wrong', () => {
    const active = subscription();
    expect(subscriptionSchedule(active, NOW)).toEqual({
      kind: 'renews',
      nextInvoiceAt: active.current_period_end,
    });
    expect(
      subscriptionSchedule(subscription({ cancel_at_period_end: true, cancel_at: NOW + 5 * DAY }), NOW),
    ).toEqual({ kind: 'cancels', at: NOW + 5 * DAY });
    expect(subscriptionSchedule(subscription({ status: 'canceled', ended_at: NOW - DAY }), NOW)).toEqual({
      kind: 'ended',
      at: NOW - DAY,
    });
    expect(subscriptionSchedule(subscription({ status: 'past_due' }), NOW).kind).toBe('pastDue');
    expect(subscriptionSchedule(subscription({ status: 'incomplete' }), NOW).kind).toBe('incomplete');
  });

  it('lets a paid period run to its end on cancel, and ends a trial or anything unpaid at once', () => {
    const active = subscription();
    expect(cancelTiming(active)).toEqual({ when: 'periodEnd', at: active.current_period_end });
    expect(cancelTiming(subscription({ status: 'past_due' })).when).toBe('periodEnd');
    expect(cancelTiming(trialing(3))).toEqual({ when: 'now', trial: true });
    expect(cancelTiming(subscription({ status: 'incomplete' }))).toEqual({ when: 'now', trial: false });
  });

  it('offers cancel while it renews, resume while a cancel is scheduled, and nothing once ended', () => {
    const none = { cancel: null, resume: false, completePayment: null, discard: false };
    expect(subscriptionActions(subscription(), undefined, NOW)).toMatchObject({
      resume: false,
      cancel: { when: 'periodEnd' },
      completePayment: null,
      discard: false,
    });
    expect(subscriptionActions(subscription({ cancel_at_period_end: true }), undefined, NOW)).toEqual({
      ...none,
      resume: true,
    });
    expect(subscriptionActions(subscription({ status: 'canceled' }), undefined, NOW)).toEqual(none);
    expect(subscriptionActions(subscription({ status: 'incomplete_expired' }), undefined, NOW)).toEqual(none);
  });

  it('offers an incomplete subscription Complete payment while its checkout is open, and Discard, never Cancel (issue 21 item 3)', () => {
    const incomplete = subscription({ status: 'incomplete' });
    const checkout = { id: 'cs_test0000001', status: 'open' as const, expires_at: NOW + DAY };
    expect(subscriptionActions(incomplete, checkout, NOW)).toEqual({
      cancel: null,
      resume: false,
      completePayment: 'cs_test0000001',
      discard: true,
    });
    // Its checkout past its time or gone: only Discard is left (the server expires it within a minute).
    for (const closed of [
      { ...checkout, expires_at: NOW },
      { ...checkout, status: 'expired' as const },
      undefined,
    ])
      expect(subscriptionActions(incomplete, closed, NOW)).toMatchObject({
        completePayment: null,
        discard: true,
      });
    expect(subscriptionSchedule(incomplete, NOW)).toEqual({ kind: 'incomplete' });
  });
});
