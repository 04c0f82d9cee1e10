import { describe, expect, it } from 'vitest';
import { cardMethod, cardPayment, chainMethod, charge, event, refund } from './payment-fixtures.ts';
import { chargeLink, eventAmount, paymentAmounts, refundState, refundTarget } from './payment-view.ts';

describe('what is left to refund of a payment', () => {
  it('is what arrived, less what refunds returned and what pending ones hold, charge by charge', () => {
    const charges = [
      charge({ id: 'ch_1', amount: '1200', amount_refunded: '200' }),
      charge({ id: 'ch_2', amount: '500' }),
      charge({ id: 'ch_3', amount: '900', status: 'failed' }),
    ];
    const refunds = [
      refund({ id: 're_1', charge_id: 'ch_1', amount: '200' }),
      refund({ id: 're_2', charge_id: 'ch_1', amount: '300', status: 'pending' }),
      refund({ id: 're_3', charge_id: 'ch_2', amount: '100', status: 'failed' }),
    ];
    expect(paymentAmounts(cardPayment({ amount_received: '1700' }), charges, refunds)).toEqual({
      received: 1700n,
      refunded: 200n,
      pending: 300n,
      refundable: 700n + 500n,
    });
    // One refund returns money of one charge: the one with the most left.
    expect(refundTarget(charges, refunds)).toMatchObject({
      kind: 'ready',
      left: 700n,
      charge: { id: 'ch_1' },
    });
  });

  it('says why nothing can be refunded: nothing paid, a refund under way, or all refunded', () => {
    expect(refundTarget([charge({ status: 'pending' })], [])).toEqual({ kind: 'blocked', reason: 'notPaid' });
    const paid = [charge({ amount: '1200', amount_refunded: '200' })];
    expect(refundTarget(paid, [refund({ amount: '1000', status: 'pending' })])).toEqual({
      kind: 'blocked',
      reason: 'pending',
    });
    expect(refundTarget([charge({ amount_refunded: '1200' })], [refund()])).toEqual({
      kind: 'blocked',
      reason: 'refunded',
    });
  });

  it('tells none, part or all refunded', () => {
    const amounts = { received: 1200n, pending: 0n, refundable: 0n };
    expect(refundState({ ...amounts, refunded: 0n })).toBe('none');
    expect(refundState({ ...amounts, refunded: 500n })).toBe('partial');
    expect(refundState({ ...amounts, refunded: 1200n })).toBe('full');
  });
});

describe("a charge's link on its rail", () => {
  it("is the explorer's transaction page, or the card dashboard's payment page in the charge's mode", () => {
    expect(chargeLink(charge({ reference: '0xabc' }), chainMethod())).toBe(
      'https://explorer.example/tx/0xabc',
    );
    expect(chargeLink(charge({ reference: 'pi_9' }), cardMethod())).toBe(
      'https://dashboard.stripe.com/test/payments/pi_9',
    );
    expect(chargeLink(charge({ reference: 'pi_9', livemode: true }), cardMethod())).toBe(
      'https://dashboard.stripe.com/payments/pi_9',
    );
  });

  it('is none for a method that names no such page, or one no longer known', () => {
    const plain = { ...chainMethod(), settings: { chain_id: 31337 } };
    expect(chargeLink(charge(), plain)).toBeUndefined();
    expect(chargeLink(charge(), undefined)).toBeUndefined();
  });
});

describe('the amount an event is about', () => {
  it("is its object's, but what a pending charge asks and what a refunded one gave back", () => {
    const checking = charge({ status: 'pending', amount: '0', amount_due: '1200' });
    expect(eventAmount(event('charge.pending', checking))).toEqual({ amount: '1200', currencyId: 'pc_usd' });
    const partly = charge({ amount: '1200', amount_refunded: '500' });
    expect(eventAmount(event('charge.refunded', partly))?.amount).toBe('500');
    expect(eventAmount(event('charge.succeeded', partly))?.amount).toBe('1200');
    expect(eventAmount(event('refund.created', refund({ amount: '300' })))?.amount).toBe('300');
  });
});
