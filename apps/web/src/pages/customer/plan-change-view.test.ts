import { describe, expect, it } from 'vitest';
import type { PlanOption } from '@kiosk/contracts';
import { price } from '@kiosk/react/testing';
import { monthly, subscription, trialing } from './portal-test-fixtures.ts';
import {
  changePlanOffered,
  initialPlanPayment,
  isChoosable,
  planChangeItems,
  planChangeOutcome,
  planConsequence,
  planOptionName,
  planPaymentReducer,
} from './plan-change-view.ts';

function option(overrides: Partial<PlanOption> = {}): PlanOption {
  return {
    price: price({ id: 'price_basic', name: 'Pro plan', nickname: 'Basic' }),
    product_name: 'Pro plan',
    current: false,
    cycle_amount: '500000',
    amount_due: '0',
    credit: '0',
    proration_mode: 'prorate',
    unavailable: null,
    ...overrides,
  };
}
const current = option({ price: monthly, current: true, cycle_amount: '1000000' });

describe('plan change view', () => {
  it('offers a change only to an active or trialing subscription with a plan that is not the current one', () => {
    expect(changePlanOffered(subscription(), [current, option()])).toBe(true);
    expect(changePlanOffered(trialing(3), [current, option()])).toBe(true);
    expect(changePlanOffered(subscription(), [current])).toBe(false);
    expect(changePlanOffered(subscription(), undefined)).toBe(false);
    for (const status of ['canceled', 'past_due', 'paused', 'incomplete'] as const)
      expect(changePlanOffered(subscription({ status }), [current, option()])).toBe(false);
  });

  it('says what choosing each option does now', () => {
    const active = subscription();
    expect(planConsequence(current, active)).toEqual({ kind: 'current' });
    expect(planConsequence(option({ amount_due: '250000' }), active)).toEqual({
      kind: 'pay',
      amount: 250000n,
    });
    expect(planConsequence(option({ credit: '161290' }), active)).toEqual({
      kind: 'credit',
      amount: 161290n,
    });
    expect(planConsequence(option(), active)).toEqual({ kind: 'noCharge' });
    expect(planConsequence(option({ amount_due: '250000' }), trialing(3))).toEqual({ kind: 'trial' });
    const refused = option({ unavailable: { code: 'MANDATE_TOO_LOW', error: 'Authorise again' } });
    expect(planConsequence(refused, active)).toEqual({ kind: 'unavailable', error: 'Authorise again' });
    expect(isChoosable(refused)).toBe(false);
    expect(isChoosable(current)).toBe(false);
    expect(isChoosable(option())).toBe(true);
  });

  it('names an option by its product and its price nickname', () => {
    expect(planOptionName(option())).toBe('Pro plan · Basic');
    expect(planOptionName(option({ price: price({ id: 'price_x', nickname: null }) }))).toBe('Pro plan');
    expect(planOptionName(option({ price: price({ id: 'price_y', nickname: 'Pro plan' }) }))).toBe(
      'Pro plan',
    );
  });

  it('replaces every item with the chosen price at the first item’s quantity', () => {
    const two = subscription();
    two.items = [{ ...two.items[0]!, quantity: 3 }];
    expect(planChangeItems(two, option())).toEqual([{ price_id: 'price_basic', quantity: 3 }]);
  });

  it('reads a change answer as made now with its credit, waiting for its invoice, or charged to a saved card', () => {
    expect(planChangeOutcome({ invoice: null, paymentIntent: null, credit: '161290' })).toEqual({
      kind: 'changed',
      credit: 161290n,
    });
    const invoice = { id: 'in_1', amount_due: '500000' };
    expect(planChangeOutcome({ invoice, paymentIntent: { id: 'pi_1' }, credit: '0' })).toEqual({
      kind: 'pay',
      amount: 500000n,
    });
    // A saved card is charged by the server: nothing to pay here.
    expect(planChangeOutcome({ invoice, paymentIntent: null, credit: '0' })).toEqual({
      kind: 'charged',
      invoiceId: 'in_1',
    });
  });

  it('pays once at a time, and is paid only after the transfer was named', () => {
    let state = planPaymentReducer(initialPlanPayment, { type: 'settled' });
    expect(state).toEqual({ status: 'idle' });
    state = planPaymentReducer(state, { type: 'pay' });
    expect(planPaymentReducer(state, { type: 'pay' })).toBe(state);
    expect(planPaymentReducer(state, { type: 'settled' })).toBe(state);
    state = planPaymentReducer(state, { type: 'sent', now: 5 });
    expect(state).toEqual({ status: 'confirming', since: 5 });
    expect(planPaymentReducer(state, { type: 'failed', message: 'late' })).toEqual({
      status: 'failed',
      message: 'late',
    });
    expect(planPaymentReducer(state, { type: 'settled' })).toEqual({ status: 'paid' });
  });

  it('waits for a transfer a wallet elsewhere sent, unless this browser is sending one', () => {
    expect(planPaymentReducer(initialPlanPayment, { type: 'sentElsewhere', now: 7 })).toEqual({
      status: 'confirming',
      since: 7,
    });
    const sending = planPaymentReducer(initialPlanPayment, { type: 'pay' });
    expect(planPaymentReducer(sending, { type: 'sentElsewhere', now: 7 })).toBe(sending);
  });
});
