import { describe, expect, it } from 'vitest';
import {
  appVersionReviewMachine,
  applyReviewAction,
  chargeMachine,
  checkoutRefusal,
  checkoutSessionMachine,
  connectSessionMachine,
  defineMachine,
  effectiveReviewType,
  invoiceMachine,
  paymentIntentMachine,
  refundMachine,
  REVIEW_ACTIONS,
  statusAfterApprove,
  statusAfterUpload,
  subscriptionMachine,
  versionNeedsReview,
  type Machine,
  type ReviewContext,
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
      'succeeded→processing',
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
  [
    chargeMachine as Machine<string>,
    ['pending→succeeded', 'pending→failed', 'failed→pending', 'succeeded→pending'],
  ],
  [refundMachine as Machine<string>, ['pending→succeeded', 'pending→failed', 'pending→canceled']],
  [
    connectSessionMachine as Machine<string>,
    [
      'created→scanned',
      'created→succeeded',
      'created→failed',
      'created→expired',
      'scanned→succeeded',
      'scanned→failed',
      'scanned→expired',
    ],
  ],
  [
    subscriptionMachine as Machine<string>,
    [
      'incomplete→trialing',
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
  [
    appVersionReviewMachine as Machine<string>,
    [
      'draft→pending',
      'draft→published',
      'pending→inReview',
      'pending→cancelled',
      'inReview→approved',
      'inReview→rejected',
      'inReview→cancelled',
      'approved→published',
      'approved→cancelled',
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
    // A succeeded payment a reorg undoes goes back to processing (its charge to pending).
    expect(paymentIntentMachine.states.filter((s) => paymentIntentMachine.isFinal(s))).toEqual(['canceled']);
    expect(invoiceMachine.states.filter((s) => invoiceMachine.isFinal(s))).toEqual(['paid', 'void']);
    expect(chargeMachine.states.filter((s) => chargeMachine.isFinal(s))).toEqual([]);
    expect(refundMachine.states.filter((s) => refundMachine.isFinal(s))).toEqual([
      'succeeded',
      'failed',
      'canceled',
    ]);
    expect(connectSessionMachine.states.filter((s) => connectSessionMachine.isFinal(s))).toEqual([
      'succeeded',
      'failed',
      'expired',
    ]);
    expect(subscriptionMachine.states.filter((s) => subscriptionMachine.isFinal(s))).toEqual([
      'incomplete_expired',
      'canceled',
    ]);
    expect(appVersionReviewMachine.states.filter((s) => appVersionReviewMachine.isFinal(s))).toEqual([
      'rejected',
      'cancelled',
      'published',
    ]);
  });
});

describe('the subscription machine', () => {
  it('starts a subscription trialing, waiting for its first payment, or active', () => {
    expect(subscriptionMachine.initial).toEqual(['incomplete', 'trialing', 'active']);
  });
});

describe('the connect session machine', () => {
  it('opens a session created only', () => {
    expect(connectSessionMachine.initial).toEqual(['created']);
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
  it('lets an open setup session, which owes nothing from the start, be submitted', () => {
    expect(
      checkoutRefusal({ ...open, payment_status: 'no_payment_required' }, undefined, 999),
    ).toBeUndefined();
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

describe('the app version review workflow (seed 001 §4)', () => {
  const every: ReviewContext = { reviewType: 'every', hasApprovedVersion: true, autoPublish: false };
  const firstDone: ReviewContext = { reviewType: 'first', hasApprovedVersion: true, autoPublish: false };

  it('takes the per-app review type over the store setting', () => {
    expect(effectiveReviewType('every', 'first')).toBe('first');
    expect(effectiveReviewType('first', null)).toBe('first');
    expect(effectiveReviewType('every')).toBe('every');
  });

  it('reviews every version, or only until a first version has passed review', () => {
    expect(versionNeedsReview('every', false)).toBe(true);
    expect(versionNeedsReview('every', true)).toBe(true);
    expect(versionNeedsReview('first', false)).toBe(true);
    expect(versionNeedsReview('first', true)).toBe(false);
  });

  it('publishes an upload at once only when it needs no review and auto-publish is on', () => {
    expect(statusAfterUpload('first', true, true)).toBe('published');
    expect(statusAfterUpload('first', true, false)).toBe('draft');
    expect(statusAfterUpload('first', false, true)).toBe('draft');
    expect(statusAfterUpload('every', true, true)).toBe('draft');
    expect(statusAfterApprove(true)).toBe('published');
    expect(statusAfterApprove(false)).toBe('approved');
  });

  // Every action from every status, written out: the status it leads to, or the refusal.
  const table: Record<string, Record<string, string>> = {
    requestReview: { draft: 'pending' },
    startReview: { pending: 'inReview' },
    approve: { inReview: 'approved' },
    reject: { inReview: 'rejected' },
    cancelReview: { pending: 'cancelled', inReview: 'cancelled', approved: 'cancelled' },
    publish: { draft: 'REVIEW_REQUIRED', approved: 'published' },
    reply: {
      pending: '=',
      inReview: '=',
      approved: '=',
      rejected: '=',
      cancelled: '=',
      published: '=',
    },
    comment: {
      pending: '=',
      inReview: '=',
      approved: '=',
      rejected: '=',
      cancelled: '=',
      published: '=',
    },
  };
  const cases = REVIEW_ACTIONS.flatMap((action) =>
    appVersionReviewMachine.states.map((status) => [action, status] as const),
  );
  it.each(cases)('%s from %s under "every version"', (action, status) => {
    const expected = table[action]![status] ?? 'REVIEW_ACTION_NOT_ALLOWED';
    const outcome = applyReviewAction(action, status, every);
    if (expected === '=') expect(outcome).toEqual({ ok: true, status, changed: false });
    else if (expected.startsWith('REVIEW_')) expect(outcome).toEqual({ ok: false, refusal: expected });
    else expect(outcome).toEqual({ ok: true, status: expected, changed: true });
  });

  it('lets a draft be published without review once a first version passed, under "first approval only"', () => {
    expect(applyReviewAction('publish', 'draft', firstDone)).toEqual({
      ok: true,
      status: 'published',
      changed: true,
    });
    expect(applyReviewAction('requestReview', 'draft', firstDone)).toEqual({
      ok: false,
      refusal: 'REVIEW_NOT_NEEDED',
    });
    expect(applyReviewAction('publish', 'draft', { ...firstDone, hasApprovedVersion: false })).toEqual({
      ok: false,
      refusal: 'REVIEW_REQUIRED',
    });
  });

  it('follows an approval with publishing when auto-publish is on', () => {
    expect(applyReviewAction('approve', 'inReview', { ...every, autoPublish: true })).toEqual({
      ok: true,
      status: 'approved',
      changed: true,
      then: 'published',
    });
  });

  it('never moves a rejected or cancelled version again', () => {
    for (const status of ['rejected', 'cancelled'] as const)
      for (const action of REVIEW_ACTIONS.filter((a) => a !== 'reply' && a !== 'comment'))
        expect(applyReviewAction(action, status, firstDone).ok, `${action} ${status}`).toBe(false);
  });
});
