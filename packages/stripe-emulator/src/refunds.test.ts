import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEmulator } from './index.ts';
import { emulatorWithSdk, rejection } from './test-support/sdk.ts';

let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await emulatorWithSdk());
});
afterAll(() => emulator.close());

const paid = (amount: number) =>
  stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });

describe('refunds', () => {
  it('refunds what remains by default, and the charge says it is refunded', async () => {
    const intent = await paid(2000);
    const refund = await stripe.refunds.create({
      payment_intent: intent.id,
      reason: 'requested_by_customer',
    });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 2000,
      currency: 'usd',
      status: 'succeeded',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: 'requested_by_customer',
    });
    expect(refund.id).toMatch(/^re_/);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 2000, refunded: true });
    const [last, previous] = emulator.events().reverse();
    expect(previous?.type).toBe('refund.created');
    expect(last).toMatchObject({ type: 'charge.refunded', data: { object: { amount_refunded: 2000 } } });
  });

  it('refunds in parts up to the amount paid, then refuses', async () => {
    const intent = await paid(1000);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 300 });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 300, refunded: false });

    const tooMuch = await rejection(stripe.refunds.create({ payment_intent: intent.id, amount: 701 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    expect(tooMuch.message).toBe('Refund amount ($7.01) is greater than unrefunded amount on charge ($7.00)');

    await stripe.refunds.create({ charge: intent.latest_charge as string, amount: 700 });
    const none = await rejection(stripe.refunds.create({ payment_intent: intent.id }));
    expect(none.code).toBe('charge_already_refunded');

    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect(listed.data.map((r) => r.amount)).toEqual([700, 300]);
  });

  it('refuses an intent that has not been paid and an unknown reason', async () => {
    const open = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const unpaid = await rejection(stripe.refunds.create({ payment_intent: open.id }));
    expect(unpaid.message).toMatch(/does not have a successful charge/);
    const intent = await paid(500);
    const reason = await rejection(
      stripe.refunds.create({ payment_intent: intent.id, reason: 'changed_mind' as never }),
    );
    expect(reason.param).toBe('reason');
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(0);
  });
});
