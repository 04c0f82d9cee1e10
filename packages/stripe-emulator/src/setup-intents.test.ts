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

async function challenge(intent: Stripe.SetupIntent, result: 'complete' | 'fail') {
  const response = await fetch(`${emulator.url}/_emulator/3ds/${intent.id}`, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: intent.client_secret ?? '', result }),
  });
  return (await response.json()) as Stripe.SetupIntent;
}

describe('setup intents', () => {
  it('sets a card up for off-session use and attaches it to the customer', async () => {
    const customer = await stripe.customers.create({ email: 'sub@example.com' });
    const created = await stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
    });
    expect(created).toMatchObject({ status: 'requires_payment_method', usage: 'off_session' });
    expect(created.id).toMatch(/^seti_/);

    const done = await stripe.setupIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    expect(done.status).toBe('succeeded');
    const method = await stripe.paymentMethods.retrieve(done.payment_method as string);
    expect(method.customer).toBe(customer.id);
    const types = emulator.events().map((e) => e.type);
    expect(types.slice(-2)).toEqual(['payment_method.attached', 'setup_intent.succeeded']);
  });

  it('sets up 9995 and 0341 (the bank refuses them only when charged)', async () => {
    for (const token of ['pm_card_visa_chargeDeclinedInsufficientFunds', 'pm_card_chargeCustomerFail']) {
      const customer = await stripe.customers.create({});
      const intent = await stripe.setupIntents.create({
        customer: customer.id,
        payment_method: token,
        confirm: true,
      });
      expect(intent.status).toBe('succeeded');
    }
  });

  it('refuses 0002 at setup with a StripeCardError and the setup intent', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const error = await rejection(
      stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error.raw.setup_intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    expect((await stripe.setupIntents.retrieve(intent.id)).last_setup_error?.decline_code).toBe(
      'generic_decline',
    );
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
  });

  it('challenges a 3-D Secure card; completing attaches it, failing leaves the setup open', async () => {
    const customer = await stripe.customers.create({});
    const asked = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    expect(asked.status).toBe('requires_action');
    expect(emulator.events().at(-1)?.type).toBe('setup_intent.requires_action');
    expect((await challenge(asked, 'complete')).status).toBe('succeeded');
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(1);

    const other = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    const failed = await challenge(other, 'fail');
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_setup_error?.code).toBe('setup_intent_authentication_failure');
    expect(emulator.events().at(-1)?.type).toBe('setup_intent.setup_failed');
  });

  it('a 3155 card set up off session pays off session without a challenge', async () => {
    const customer = await stripe.customers.create({});
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequiredOnSetup',
      confirm: true,
    });
    await challenge(setup, 'complete');
    const methodId = (await stripe.setupIntents.retrieve(setup.id)).payment_method as string;
    const renewal = await stripe.paymentIntents.create({
      amount: 1200,
      currency: 'usd',
      customer: customer.id,
      payment_method: methodId,
      off_session: true,
      confirm: true,
    });
    expect(renewal.status).toBe('succeeded');
  });

  it('cancels an open setup intent and refuses to confirm it afterwards', async () => {
    const intent = await stripe.setupIntents.create({});
    expect((await stripe.setupIntents.cancel(intent.id)).status).toBe('canceled');
    const error = await rejection(stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }));
    expect(error.code).toBe('setup_intent_unexpected_state');
  });

  it('detaching a card clears it as the default and makes it unusable', async () => {
    const customer = await stripe.customers.create({});
    const method = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
    const detached = await stripe.paymentMethods.detach(method.id);
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: null },
    });
    const error = await rejection(stripe.paymentMethods.attach(method.id, { customer: customer.id }));
    expect(error.message).toMatch(/may not be used again/);
  });
});
