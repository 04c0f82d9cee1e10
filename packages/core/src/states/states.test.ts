import { describe, expect, it } from 'vitest';
import {
  chargeMachine,
  checkoutRefusal,
  checkoutSessionMachine,
  defineMachine,
  invoiceMachine,
  paymentIntentMachine,
  subscriptionMachine,
  type Machine,
} from '../index.ts';

/**
 * Each machine against the transitions written out here by hand: every pair of statuses is one test,
 * allowed exactly when it is listed. A change to a machine must change this list too.
 */
const expected: [Machine<string>, string[]][] = [
  [checkoutSessionMachine as Machine<string>, ['open→complete', 'open→expired']],
  [
    paymentIntentMachine as Machine<string>,
    [
      'requires_payment_method→requires_confirmation',
      'requires_payment_method→requires_action',
      'requires_payment_method→processing',
      'requires_payment_method→canceled',
      'requires_confirmation→requires_action',
      'requires_confirmation→processing',
      'requires_confirmation→canceled',
      'requires_action→requires_payment_method',
      'requires_action→processing',
      'requires_action→canceled',
      'processing→requires_payment_method',
      'processing→requires_action',
      'processing→requires_capture',
      'processing→succeeded',
      'requires_capture→succeeded',
      'requires_capture→canceled',
    ],
  ],
  [
    invoiceMachine as Machine<string>,
    [
      'draft→open',
      'draft→void',
      'open→paid',
      'open→uncollectible',
      'open→void',
      'uncollectible→paid',
      'uncollectible→void',
    ],
  ],
  [chargeMachine as Machine<string>, ['pending→succeeded', 'pending→failed', 'failed→pending']],
  [
    subscriptionMachine as Machine<string>,
    [
      'incomplete→active',
      'incomplete→incomplete_expired',
      'incomplete→canceled',
      'trialing→active',
      'trialing→past_due',
      'trialing→paused',
      'trialing→canceled',
      'active→past_due',
      'active→paused',
      'active→canceled',
      'past_due→active',
      'past_due→canceled',
      'paused→active',
      'paused→canceled',
    ],
  ],
];

describe.each(expected)('the %s machine', (machine, allowed) => {
  const pairs = machine.states.flatMap((from) => machine.states.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s is allowed exactly when listed', (from, to) => {
    expect(machine.allows(from, to)).toBe(allowed.includes(`${from}→${to}`));
  });
  it('lists only its own statuses', () => {
    for (const pair of allowed)
      for (const status of pair.split('→')) expect(machine.isState(status)).toBe(true);
    expect(machine.isState('no_such_status')).toBe(false);
  });
});

describe('final statuses', () => {
  it('are the ones nothing may follow', () => {
    expect(checkoutSessionMachine.states.filter((s) => checkoutSessionMachine.isFinal(s))).toEqual([
      'complete',
      'expired',
    ]);
    expect(paymentIntentMachine.states.filter((s) => paymentIntentMachine.isFinal(s))).toEqual([
      'succeeded',
      'canceled',
    ]);
    expect(invoiceMachine.states.filter((s) => invoiceMachine.isFinal(s))).toEqual(['paid', 'void']);
    expect(chargeMachine.states.filter((s) => chargeMachine.isFinal(s))).toEqual(['succeeded']);
    expect(subscriptionMachine.states.filter((s) => subscriptionMachine.isFinal(s))).toEqual([
      'incomplete_expired',
      'canceled',
    ]);
  });
});

describe('the subscription machine', () => {
  it('starts a subscription trialing, waiting for its first payment, or active', () => {
    expect(subscriptionMachine.initial).toEqual(['incomplete', 'trialing', 'active']);
  });
});

describe('defineMachine', () => {
  it('refuses a table naming a status it does not have', () => {
    expect(() =>
      defineMachine({ resource: 'x', states: ['a'], initial: ['a'], transitions: { a: ['b' as 'a'] } }),
    ).toThrow('x: unknown status b');
  });
});

describe('checkoutRefusal', () => {
  const open = { status: 'open', payment_status: 'unpaid', expires_at: 1_000 };
  it('lets an open, unpaid, unexpired order change while no payment is being checked', () => {
    expect(checkoutRefusal(open, undefined, 999)).toBeUndefined();
    expect(checkoutRefusal(open, 'requires_action', 999)).toBeUndefined();
  });
  it('refuses a paid order', () => {
    expect(checkoutRefusal({ ...open, status: 'complete', payment_status: 'paid' }, 'succeeded', 0)).toBe(
      'CHECKOUT_ALREADY_PAID',
    );
    expect(checkoutRefusal(open, 'succeeded', 0)).toBe('CHECKOUT_ALREADY_PAID');
  });
  it('refuses an expired order, by status or by time', () => {
    expect(checkoutRefusal({ ...open, status: 'expired' }, undefined, 0)).toBe('CHECKOUT_SESSION_EXPIRED');
    expect(checkoutRefusal(open, undefined, 1_000)).toBe('CHECKOUT_SESSION_EXPIRED');
  });
  it('refuses any change while a named payment is being checked', () => {
    expect(checkoutRefusal(open, 'processing', 999)).toBe('PAYMENT_IN_PROGRESS');
  });
});
