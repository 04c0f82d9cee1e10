import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StripeEmulator } from './index.ts';
import { emulatorWithSdk, rejection, webhookReceiver } from './test-support/sdk.ts';

let emulator: StripeEmulator;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

beforeEach(async () => {
  ({ emulator, stripe } = await emulatorWithSdk({ retryBaseMs: 5 }));
  receiver = await webhookReceiver();
});
afterEach(async () => {
  await emulator.close();
  await receiver.close();
});

const pay = () =>
  stripe.paymentIntents.create({
    amount: 800,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
  });

describe('webhook endpoints', () => {
  it('shows the signing secret on create only', async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: receiver.url,
      enabled_events: ['charge.refunded'],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.status).toBe('enabled');
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();
    expect((await stripe.webhookEndpoints.list()).data[0]?.secret).toBeUndefined();
    const typo = await rejection(
      stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['payment_intent.paid' as never] }),
    );
    expect(typo.param).toBe('enabled_events');
  });

  it('delivers the events it subscribes to, signed so that constructEvent accepts them and a wrong secret does not', async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: receiver.url,
      enabled_events: ['payment_intent.succeeded', 'charge.refunded'],
    });
    const intent = await pay();
    await stripe.refunds.create({ payment_intent: intent.id, amount: 100 });
    await vi.waitFor(() => expect(emulator.deliveries()).toHaveLength(2));
    expect(receiver.types()).toEqual(['payment_intent.succeeded', 'charge.refunded']);

    const [first] = receiver.received;
    const signature = first?.headers['stripe-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(first?.body ?? '', signature, endpoint.secret ?? '');
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: intent.id } } });
    expect(event.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
    expect(() => stripe.webhooks.constructEvent(first?.body ?? '', signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    // The body is what was signed: one changed byte and the signature no longer holds.
    expect(() =>
      stripe.webhooks.constructEvent(
        (first?.body ?? '').replace('800', '801'),
        signature,
        endpoint.secret ?? '',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    // Sent as made (one endpoint waiting), then counted down once delivered.
    expect(event.pending_webhooks).toBe(1);
    expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(0);
  });

  it('retries after a 500 from the receiver, with the attempts recorded', async () => {
    await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['payment_intent.succeeded'] });
    receiver.statuses.push(500, 503);
    const intent = await pay();
    // The receiver has the third attempt a moment before the emulator has its answer: wait for that.
    await vi.waitFor(() => expect(emulator.deliveries()).toHaveLength(3));
    const attempts = emulator.deliveries().map(({ status, attempt }) => ({ status, attempt }));
    expect(attempts).toEqual([
      { status: 500, attempt: 1 },
      { status: 503, attempt: 2 },
      { status: 200, attempt: 3 },
    ]);
    const bodies = receiver.received.map((r) => JSON.parse(r.body).data.object.id);
    expect(bodies).toEqual([intent.id, intent.id, intent.id]);
  });

  it('retries an unreachable endpoint and gives up after 8 attempts', async () => {
    const quick = await emulatorWithSdk({ retryBaseMs: 1 });
    const gone = await webhookReceiver();
    await gone.close();
    await quick.stripe.webhookEndpoints.create({ url: gone.url, enabled_events: ['*'] });
    await quick.stripe.customers.create({ email: 'x@example.com' });
    await vi.waitFor(() => expect(quick.emulator.deliveries()).toHaveLength(8));
    expect(quick.emulator.deliveries().every((d) => d.status === 'error')).toBe(true);
    expect(quick.emulator.deliveries().map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await quick.emulator.close();
  });

  it('holds deliveries (a late webhook) and releases them in the order they were made', async () => {
    await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['*'] });
    emulator.holdDeliveries(true);
    const customer = await stripe.customers.create({ email: 'late@example.com' });
    await stripe.customers.update(customer.id, { name: 'Late' });
    await pay();
    const made = emulator.events().map((event) => event.type);
    // Held: give a delivery every chance to slip through before checking none did.
    await new Promise((resolve) => setImmediate(resolve));
    await stripe.events.list({ limit: 1 });
    expect(receiver.received).toHaveLength(0);
    emulator.holdDeliveries(false);
    await vi.waitFor(() => expect(receiver.types()).toEqual(made));
  });

  it('sends a deleted endpoint nothing more, not even what it had queued', async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: receiver.url,
      enabled_events: ['customer.created'],
    });
    emulator.holdDeliveries(true);
    await stripe.customers.create({});
    await stripe.webhookEndpoints.del(endpoint.id);
    // A second receiver, subscribed after, shows when deliveries made after the release are done.
    const witness = await webhookReceiver();
    const watching = await stripe.webhookEndpoints.create({
      url: witness.url,
      enabled_events: ['customer.created'],
    });
    emulator.holdDeliveries(false);
    await stripe.customers.create({});
    await vi.waitFor(() => expect(emulator.deliveries()).toHaveLength(1));
    expect(witness.received).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
    expect(emulator.deliveries().map((d) => d.endpoint)).toEqual([watching.id]);
    await witness.close();
  });
});

describe('events', () => {
  it('lists events newest first, filtered by type, each naming the request that made it', async () => {
    const intent = await stripe.paymentIntents.create(
      { amount: 100, currency: 'usd', payment_method: 'pm_card_visa', confirm: true },
      { idempotencyKey: 'pay-once' },
    );
    const list = await stripe.events.list({ type: 'payment_intent.*' });
    expect(list.data.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'payment_intent.created']);
    const [succeeded] = list.data;
    expect(succeeded).toMatchObject({
      object: 'event',
      livemode: false,
      data: { object: { id: intent.id, status: 'succeeded' } },
      request: { idempotency_key: 'pay-once' },
    });
    expect(succeeded?.request?.id).toMatch(/^req_/);
    // The created event keeps the object as it was then.
    expect(list.data[1]?.data.object).toMatchObject({ status: 'requires_confirmation' });
  });
});
