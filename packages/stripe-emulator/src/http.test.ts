import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEmulator } from './index.ts';
import { emulatorWithSdk, rejection, sdkFor } from './test-support/sdk.ts';

let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await emulatorWithSdk());
});
afterAll(() => emulator.close());

describe('idempotency keys', () => {
  it('50 concurrent creates with one key make one payment intent', async () => {
    const before = emulator.events().filter((e) => e.type === 'payment_intent.created').length;
    const intents = await Promise.all(
      Array.from({ length: 50 }, () =>
        stripe.paymentIntents.create(
          { amount: 4200, currency: 'usd', metadata: { session: 'cs_1' } },
          { idempotencyKey: 'submit-cs_1' },
        ),
      ),
    );
    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    const after = emulator.events().filter((e) => e.type === 'payment_intent.created').length;
    expect(after - before).toBe(1);
  });

  it('replays the first answer, marked Idempotent-Replayed, declines included', async () => {
    const send = () =>
      fetch(`${emulator.url}/v1/payment_intents`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${emulator.secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'declined-once',
        },
        body: 'amount=100&currency=usd&confirm=true&payment_method=pm_card_chargeDeclined',
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(402);
    expect(second.status).toBe(402);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.text()).toBe(await first.text());
  });

  it('refuses the key with other parameters as a StripeIdempotencyError', async () => {
    await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'customer-a' });
    const error = await rejection(
      stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'customer-a' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.message).toMatch(/same parameters/);
  });

  it('scopes keys to the API key', async () => {
    const other = sdkFor(emulator, 'sk_test_other_account_key');
    const mine = await stripe.customers.create({ name: 'one' }, { idempotencyKey: 'shared-key' });
    const theirs = await other.customers.create({ name: 'two' }, { idempotencyKey: 'shared-key' });
    expect(theirs.id).not.toBe(mine.id);
  });
});

describe('authentication', () => {
  it('refuses a missing or non-test key with a StripeAuthenticationError', async () => {
    const none = await fetch(`${emulator.url}/v1/customers`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as any).error.message).toMatch(/did not provide an API key/);
    const live = await rejection(sdkFor(emulator, 'sk_live_abcdefghijklmnop').customers.list());
    expect(live).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(live.message).toMatch(/^Invalid API Key provided: sk_live_\*+mnop$/);
  });

  it('lets a publishable key make payment methods but not read customers', async () => {
    const client = sdkFor(emulator, emulator.publishableKey);
    const method = await client.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 1, exp_year: new Date().getFullYear() + 3 },
    });
    expect(method.card?.last4).toBe('4242');
    const refused = await rejection(client.customers.list());
    expect(refused).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(refused.message).toMatch(/publishable API key/);
  });
});

describe('the wire', () => {
  it('refuses unknown parameters as Stripe does', async () => {
    const error = await rejection(stripe.customers.create({ emial: 'typo@example.com' } as never));
    expect(error).toMatchObject({ code: 'parameter_unknown', param: 'emial' });
  });

  it('answers every request with a Request-Id and unknown paths with 404', async () => {
    const response = await fetch(`${emulator.url}/v1/plans`, {
      headers: { Authorization: `Bearer ${emulator.secretKey}` },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(((await response.json()) as any).error.message).toMatch(
      /Unrecognized request URL \(GET: \/v1\/plans\)/,
    );
  });

  it('answers CORS preflights for browser calls', async () => {
    const response = await fetch(`${emulator.url}/v1/payment_intents/pi_x/confirm`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://shop.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Stripe-Version/);
  });

  it('serves the Stripe.js stand-in at /v3/', async () => {
    const response = await fetch(emulator.jsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('updates a customer and records customer.updated with what changed', async () => {
    const customer = await stripe.customers.create({ email: 'old@example.com', metadata: { plan: 'free' } });
    const method = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const updated = await stripe.customers.update(customer.id, {
      email: 'new@example.com',
      invoice_settings: { default_payment_method: method.id },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(method.id);
    const event = emulator.events().at(-1);
    expect(event?.type).toBe('customer.updated');
    expect(event?.data.previous_attributes).toMatchObject({ email: 'old@example.com' });
    const foreign = await rejection(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: 'pm_card_visa' } }),
    );
    expect(foreign.param).toBe('invoice_settings[default_payment_method]');
  });
});
