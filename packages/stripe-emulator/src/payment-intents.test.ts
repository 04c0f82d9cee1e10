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

const card = (number: string) => ({
  type: 'card' as const,
  card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
  billing_details: { address: { postal_code: '94107' } },
});

/** The 3-D Secure page's buttons, as the Stripe.js stand-in presses them. */
async function decideChallenge(
  intent: { id: string; client_secret: string | null },
  result: 'complete' | 'fail',
) {
  const response = await fetch(`${emulator.url}/_emulator/3ds/${intent.id}`, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: intent.client_secret ?? '', result }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string };
}

describe('paying by card', () => {
  it('pays with 4242: the intent succeeds and its charge records card, amount and intent', async () => {
    const method = await stripe.paymentMethods.create(card('4242424242424242'));
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242', funding: 'credit', country: 'US' });
    expect(method.card?.checks).toMatchObject({ cvc_check: 'pass', address_postal_code_check: 'pass' });

    const created = await stripe.paymentIntents.create({
      amount: 2599,
      currency: 'USD',
      allowed_payment_method_types: ['card'],
      metadata: { kiosk_intent: 'pi_kiosk_1' },
    });
    expect(created).toMatchObject({
      status: 'requires_payment_method',
      currency: 'usd',
      livemode: false,
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
    });
    expect(created.id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));

    const paid = await stripe.paymentIntents.confirm(created.id, { payment_method: method.id });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 2599, payment_method: method.id });
    const charge = await stripe.charges.retrieve(paid.latest_charge as string);
    expect(charge).toMatchObject({
      amount: 2599,
      amount_refunded: 0,
      refunded: false,
      status: 'succeeded',
      payment_intent: paid.id,
      payment_method: method.id,
      payment_method_details: { card: { brand: 'visa', last4: '4242' }, type: 'card' },
      outcome: { type: 'authorized' },
    });
    const types = emulator.events().map((event) => event.type);
    expect(types.slice(-3)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.succeeded',
    ]);
  });

  it('creates and confirms at once with payment_method_data, and expands the charge', async () => {
    const paid = await stripe.paymentIntents.create({
      amount: 500,
      currency: 'eur',
      confirm: true,
      payment_method_data: card('5555555555554444'),
      expand: ['latest_charge', 'payment_method'],
    } as Stripe.PaymentIntentCreateParams);
    expect(paid.status).toBe('succeeded');
    expect((paid.latest_charge as Stripe.Charge).object).toBe('charge');
    expect((paid.payment_method as Stripe.PaymentMethod).card?.brand).toBe('mastercard');
  });

  it('asks for 3-D Secure with 3184, then succeeds once the challenge is completed', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action?.type).toBe('use_stripe_sdk');
    const sdk = intent.next_action?.use_stripe_sdk as { type: string; stripe_js: string };
    expect(sdk.type).toBe('three_d_secure_redirect');
    expect(sdk.stripe_js).toBe(
      `${emulator.url}/_emulator/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret ?? '')}`,
    );

    const page = await fetch(sdk.stripe_js);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain(intent.id);
    expect(html).not.toContain('{{');

    expect((await decideChallenge(intent, 'complete')).status).toBe('succeeded');
    const after = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    expect(after.status).toBe('succeeded');
    const charge = after.latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.card?.three_d_secure).toMatchObject({ result: 'authenticated' });
  });

  it('a failed challenge leaves the intent requiring a payment method with the authentication failure', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    expect((await decideChallenge(intent, 'fail')).status).toBe('requires_payment_method');
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.payment_method).toBeNull();
    expect(after.last_payment_error).toMatchObject({ code: 'payment_intent_authentication_failure' });
    expect(after.latest_charge).toBeNull();
    const failed = emulator.events().filter((e) => e.type === 'payment_intent.payment_failed');
    expect(failed.at(-1)?.data.object).toMatchObject({ id: intent.id });
    // The challenge is decided once: a second answer is refused.
    const again = await fetch(`${emulator.url}/_emulator/3ds/${intent.id}`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: intent.client_secret ?? '', result: 'complete' }),
    });
    expect(again.status).toBe(400);
  });

  it('refuses the challenge page to a wrong client secret', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    const wrong = await fetch(`${emulator.url}/_emulator/3ds/${intent.id}`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: `${intent.id}_secret_wrong`, result: 'complete' }),
    });
    expect(wrong.status).toBe(400);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_action');
  });

  it('declines 9995 with a StripeCardError naming insufficient_funds and the intent', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' });
    const error = await rejection(
      stripe.paymentIntents.confirm(intent.id, {
        payment_method: 'pm_card_visa_chargeDeclinedInsufficientFunds',
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(error.raw.payment_intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.last_payment_error).toMatchObject({
      type: 'card_error',
      decline_code: 'insufficient_funds',
    });
    expect((await stripe.charges.retrieve(after.latest_charge as string)).status).toBe('failed');
    // Another card pays the same intent.
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(paid.status).toBe('succeeded');
    expect(paid.last_payment_error).toBeNull();
  });

  it('refuses a bad card number when the payment method is made', async () => {
    const error = await rejection(stripe.paymentMethods.create(card('4242424242424241')));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'incorrect_number', param: 'card[number]' });
    const past = await rejection(
      stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424242', exp_month: 1, exp_year: 2020 },
      }),
    );
    expect(past).toMatchObject({ code: 'invalid_expiry_year' });
    const live = await rejection(stripe.paymentMethods.create(card('4111111111111111')));
    expect(live).toMatchObject({ code: 'card_declined', decline_code: 'test_mode_live_card' });
  });
});

describe('saved cards off session', () => {
  it('0341 attaches to a customer, then every off-session charge fails', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    const method = await stripe.paymentMethods.create(card('4000000000000341'));
    await stripe.paymentMethods.attach(method.id, { customer: customer.id });
    const saved = await stripe.customers.listPaymentMethods(customer.id);
    expect(saved.data.map((m) => m.id)).toEqual([method.id]);

    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 1500,
        currency: 'usd',
        customer: customer.id,
        payment_method: method.id,
        off_session: true,
        confirm: true,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    expect(error.raw.payment_intent.status).toBe('requires_payment_method');
  });

  it('3184 off session fails with authentication_required, which the customer then completes on session', async () => {
    const customer = await stripe.customers.create({ name: 'Ada' });
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    expect(setup.status).toBe('requires_action');
    expect((await decideChallenge(setup, 'complete')).status).toBe('succeeded');
    const methodId = (await stripe.setupIntents.retrieve(setup.id)).payment_method as string;

    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 900,
        currency: 'usd',
        customer: customer.id,
        payment_method: methodId,
        off_session: true,
        confirm: true,
      }),
    );
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
    const intent = error.raw.payment_intent as Stripe.PaymentIntent;
    expect(intent.last_payment_error?.code).toBe('authentication_required');
    expect(intent.last_payment_error?.payment_method?.id).toBe(methodId);

    // The customer comes back: confirming on session asks for the challenge, which pays.
    const back = await stripe.paymentIntents.confirm(intent.id, { payment_method: methodId });
    expect(back.status).toBe('requires_action');
    expect((await decideChallenge(back, 'complete')).status).toBe('succeeded');
  });

  it('setup_future_usage with a customer attaches the card once the payment succeeds', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.paymentIntents.create({
      amount: 300,
      currency: 'usd',
      customer: customer.id,
      setup_future_usage: 'off_session',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const method = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(method.customer).toBe(customer.id);
    const renewal = await stripe.paymentIntents.create({
      amount: 300,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id,
      off_session: true,
      confirm: true,
    });
    expect(renewal.status).toBe('succeeded');
  });

  it('a card used once without a customer cannot be used again', async () => {
    const method = await stripe.paymentMethods.create(card('4242424242424242'));
    await stripe.paymentIntents.create({
      amount: 100,
      currency: 'usd',
      payment_method: method.id,
      confirm: true,
    });
    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 100,
        currency: 'usd',
        payment_method: method.id,
        confirm: true,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.message).toMatch(/may not be used again/);
  });
});

describe('intent rules', () => {
  it('takes the older payment_method_types too, and refuses a type the emulator does not have', async () => {
    const older = { amount: 100, currency: 'usd', payment_method_types: ['card'] } as never;
    expect((await stripe.paymentIntents.create(older)).payment_method_types).toEqual(['card']);
    const ideal = await rejection(
      stripe.paymentIntents.create({ amount: 100, currency: 'eur', allowed_payment_method_types: ['ideal'] }),
    );
    expect(ideal).toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types' });
  });

  it('updates an open intent, refuses to change the amount of a succeeded one, but takes its metadata', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: 'usd' });
    const updated = await stripe.paymentIntents.update(intent.id, { amount: 250, metadata: { order: 'o1' } });
    expect(updated).toMatchObject({ amount: 250, metadata: { order: 'o1' } });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const error = await rejection(stripe.paymentIntents.update(intent.id, { amount: 999 }));
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
    });
    const tagged = await stripe.paymentIntents.update(intent.id, { metadata: { order: '', note: 'n' } });
    expect(tagged.metadata).toEqual({ note: 'n' });
    const again = await rejection(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }),
    );
    expect(again.code).toBe('payment_intent_unexpected_state');
  });

  it("holds amounts to Stripe's limits: its minimum for the currency and eight digits", async () => {
    const small = await rejection(stripe.paymentIntents.create({ amount: 49, currency: 'usd' }));
    expect(small).toMatchObject({ code: 'amount_too_small', message: 'Amount must be at least $0.50 usd' });
    const large = await rejection(stripe.paymentIntents.create({ amount: 100_000_000, currency: 'usd' }));
    expect(large).toMatchObject({
      code: 'amount_too_large',
      message: 'Amount must be no more than $999,999.99',
    });
    const yen = await stripe.paymentIntents.create({ amount: 300, currency: 'jpy' });
    expect((await rejection(stripe.paymentIntents.update(yen.id, { currency: 'hkd' }))).code).toBe(
      'amount_too_small',
    );
  });

  it('says so when a Stripe parameter is one the emulator does not implement', async () => {
    const error = await rejection(
      stripe.paymentIntents.create({ amount: 100, currency: 'usd', capture_method: 'manual' }),
    );
    expect(error).toMatchObject({ statusCode: 400, param: 'capture_method' });
    expect(error.message).toMatch(/does not implement/);
  });

  it('error_on_requires_action fails a payment that would need a challenge', async () => {
    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 100,
        currency: 'usd',
        payment_method: 'pm_card_authenticationRequired',
        confirm: true,
        error_on_requires_action: true,
      }),
    );
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
  });

  it('cancels an open intent once, with its reason and event', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(emulator.events().at(-1)).toMatchObject({ type: 'payment_intent.canceled' });
    expect((await rejection(stripe.paymentIntents.cancel(intent.id))).code).toBe(
      'payment_intent_unexpected_state',
    );
  });

  it('answers 404 resource_missing for an unknown id and 400 for a missing amount', async () => {
    const missing = await rejection(stripe.paymentIntents.retrieve('pi_nothing'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const noAmount = await rejection(stripe.paymentIntents.create({ currency: 'usd' } as never));
    expect(noAmount).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' });
    const noMethod = await rejection(
      stripe.paymentIntents.create({ amount: 100, currency: 'usd', confirm: true }),
    );
    expect(noMethod.code).toBe('payment_intent_unexpected_state');
  });

  it('lists intents newest first, page by page', async () => {
    const customer = await stripe.customers.create({});
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await stripe.paymentIntents.create({ amount: 100 + i, currency: 'usd', customer: customer.id })).id,
      );
    }
    const first = await stripe.paymentIntents.list({ customer: customer.id, limit: 2 });
    expect(first.data.map((pi) => pi.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const all = await stripe.paymentIntents
      .list({ customer: customer.id, limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(all.map((pi) => pi.id)).toEqual([...ids].reverse());
  });
});

describe('the publishable key', () => {
  it('confirms and reads an intent with its client secret, but cannot create one', async () => {
    const client = sdkFor(emulator, emulator.publishableKey);
    const refused = await rejection(client.paymentIntents.create({ amount: 100, currency: 'usd' }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

    const intent = await stripe.paymentIntents.create({ amount: 100, currency: 'usd' });
    const body = new URLSearchParams({
      key: emulator.publishableKey,
      client_secret: intent.client_secret ?? '',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 1),
      'payment_method_data[card][cvc]': '123',
      return_url: 'http://shop.example/return',
    });
    const wrong = new URLSearchParams(body);
    wrong.set('client_secret', `${intent.id}_secret_guess`);
    const guessed = await fetch(`${emulator.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      body: wrong,
    });
    expect(guessed.status).toBe(400);

    const confirmed = await fetch(`${emulator.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      body,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('access-control-allow-origin')).toBe('*');
    const read = await fetch(
      `${emulator.url}/v1/payment_intents/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret ?? '')}`,
      { headers: { Authorization: `Bearer ${emulator.publishableKey}` } },
    );
    expect(((await read.json()) as { status: string }).status).toBe('succeeded');
  });
});
