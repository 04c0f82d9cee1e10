import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cardMethodBody,
  cookieClient,
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
  until,
} from '@kiosk/testkit';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 22: one-time card payments through the real Stripe SDK against the local Stripe emulator
 * (packages/stripe-emulator), on both engines. Stripe alone decides that an order is paid: the buyer's
 * return and the signed webhook only say which payment to read.
 */
describe.each(await testEngines())('card payments on %s', (engine) => {
  let emulator: StripeEmulator;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let stripe: Stripe;
  let method: { id: string; payment_currencies: { id: string; symbol: string }[] };
  let price: string;
  let webhookSecret: string;
  let chain: { id: string; payment_currencies: { id: string }[] };

  beforeAll(async () => {
    emulator = await startStripeEmulator({ retryBaseMs: 50 });
    server = await startTestServer(engine, {
      env: { KIOSK_STRIPE_API_BASE: emulator.url, KIOSK_STRIPE_JS_URL: emulator.jsUrl },
    });
    merchant = await merchantOf(server);
    stripe = new Stripe(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: 'http' });
    method = (await merchant.test('/api/payment-methods', { method: 'POST', body: cardMethodBody(emulator) }))
      .body;
    const endpoint = await stripe.webhookEndpoints.create({
      url: `${server.url}/api/payment-methods/${method.id}/webhook`,
      enabled_events: ['*'],
    });
    webhookSecret = endpoint.secret!;
    const usd = method.payment_currencies.find((c) => c.symbol === 'USD')!.id;
    chain = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() })).body;
    const kdt = chain.payment_currencies[0]!.id;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Poster',
          prices: [
            {
              currency_id: usd,
              unit_amount: '2500',
              currency_options: [{ currency_id: kdt, unit_amount: '25000000' }],
            },
          ],
        },
      })
    ).body;
    price = product.prices[0].id;
  });
  afterAll(async () => {
    await server?.close();
    await emulator?.close();
  });

  /** Webhooks on (the method knows the signing secret) or off (a lost webhook). */
  const webhooks = (on: boolean) =>
    merchant.test(`/api/payment-methods/${method.id}`, {
      method: 'PUT',
      body: {
        settings: {
          ...cardMethodBody(emulator).settings,
          ...(on && { webhook_signing_secret: webhookSecret }),
        },
      },
    });

  async function submittedOrder(quantity = 1) {
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: price, quantity }] },
      })
    ).body;
    const id = (
      await cookieClient(server.url).request(`/api/checkout-sessions/start/${link.id}`, {
        method: 'POST',
        headers: { 'user-agent': Math.random().toString() },
      })
    ).body.checkoutSession.id as string;
    const buyer = await signedIn(server, TestWallet.random());
    const submit = (byChain = false) =>
      buyer.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: {
          customer_name: 'Ada Lovelace',
          customer_email: 'ada@example.com',
          payment_method: byChain ? chain.id : method.id,
          payment_currency: byChain
            ? chain.payment_currencies[0]!.id
            : method.payment_currencies.find((c) => c.symbol === 'USD')!.id,
        },
      });
    return { id, buyer, submit };
  }

  const piOf = (clientSecret: string) => clientSecret.slice(0, clientSecret.indexOf('_secret_'));

  /** Reads the session until its payment is decided: paid, or refused with a code. */
  async function outcome(id: string) {
    const viewer = cookieClient(server.url);
    for (let i = 0; i < 400; i++) {
      const { checkoutSession, paymentIntent } = (
        await viewer.request(`/api/checkout-sessions/retrieve/${id}`)
      ).body;
      if (checkoutSession.payment_status === 'paid') return { paid: true as const, paymentIntent };
      if (paymentIntent?.last_payment_error)
        return { paid: false as const, error: paymentIntent.last_payment_error.code as string };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no verdict');
  }
  const eventsOf = (objectId: string, type: string) =>
    server.app.kiosk.database.db
      .selectFrom('events')
      .selectAll()
      .where('object_id', '=', objectId)
      .where('type', '=', type)
      .execute();
  const chargesOf = async (intentId: string) =>
    (await merchant.test(`/api/charges?payment_intent_id=${intentId}`)).body.list as any[];

  it('pays by card when the buyer returns, with no webhook (a lost one): the charge records the PaymentIntent', async () => {
    await webhooks(false);
    const order = await submittedOrder(2);
    const submitted = await order.submit();
    expect(submitted.status).toBe(200);
    expect(submitted.body.paymentInstructions).toMatchObject({ type: 'card', amount: '5000', symbol: 'USD' });
    const context = submitted.body.stripeContext;
    expect(context).toMatchObject({ intent_type: 'payment_intent', status: 'requires_payment_method' });
    const pi = piOf(context.client_secret);
    expect((await stripe.paymentIntents.retrieve(pi)).amount).toBe(5000);

    await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' });
    const named = await order.buyer.request(`/api/checkout-sessions/${order.id}/pay`, {
      method: 'POST',
      body: { tx_hash: pi },
    });
    expect(named.status).toBe(202);
    const result = await outcome(order.id);
    expect(result.paid).toBe(true);
    const [charge] = await chargesOf(result.paymentIntent.id);
    expect(charge).toMatchObject({ status: 'succeeded', reference: pi, amount: '5000' });
    expect(charge.details).toMatchObject({ payment_intent_id: pi });
  });

  it('pays by the signed webhook alone; a replayed webhook records nothing twice; a forged one is refused', async () => {
    await webhooks(true);
    const order = await submittedOrder();
    const pi = piOf((await order.submit()).body.stripeContext.client_secret);
    await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' });
    const result = await outcome(order.id);
    expect(result.paid).toBe(true);

    const succeeded = emulator
      .events()
      .find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === pi)!;
    const payload = JSON.stringify(succeeded);
    const post = (signature: string) =>
      fetch(`${server.url}/api/payment-methods/${method.id}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const replayed = await post(stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(replayed.status).toBe(200);
    const forged = await post(
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forged0000' }),
    );
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe('RAIL_NOTICE_REFUSED');
    expect(await chargesOf(result.paymentIntent.id)).toHaveLength(1);
    const completed = await eventsOf(order.id, 'checkout.session.completed');
    expect(completed).toHaveLength(1);
  });

  it("records a refund made in Stripe's dashboard from its charge.refunded webhook, once, beside Kiosk's own", async () => {
    await webhooks(true);
    const order = await submittedOrder(2);
    const pi = piOf((await order.submit()).body.stripeContext.client_secret);
    await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' });
    const { paymentIntent } = await outcome(order.id);
    // As the merchant would in Stripe's dashboard: no Kiosk refund names it.
    const outside = await stripe.refunds.create({ payment_intent: pi, amount: 1500 });
    const [charge] = await until(
      () => chargesOf(paymentIntent.id),
      ([c]) => c.amount_refunded === '1500',
    );
    const refundsOf = async () =>
      (await merchant.test(`/api/refunds?charge_id=${charge.id}`)).body.list as any[];
    expect(await refundsOf()).toMatchObject([
      { status: 'succeeded', amount: '1500', payment_details: { stripe: { refund_id: outside.id } } },
    ]);

    const own = await merchant.test('/api/refunds', {
      method: 'POST',
      body: { payment_intent_id: paymentIntent.id, amount: '1000', type: 'refund' },
    });
    expect(own.body.status).toBe('succeeded');
    // Stripe's charge.refunded for each, delivered (again) now: nothing is recorded twice.
    for (const event of emulator.events().filter((e) => e.type === 'charge.refunded')) {
      const payload = JSON.stringify(event);
      const replayed = await fetch(`${server.url}/api/payment-methods/${method.id}/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        body: payload,
      });
      expect(replayed.status).toBe(200);
    }
    expect((await refundsOf()).map((r) => r.amount).sort()).toEqual(['1000', '1500']);
    expect((await chargesOf(paymentIntent.id))[0]).toMatchObject({ amount_refunded: '2500' });
    const tooMuch = await merchant.test('/api/refunds', {
      method: 'POST',
      body: { payment_intent_id: paymentIntent.id, amount: '2501', type: 'refund' },
    });
    expect(tooMuch.body.code).toBe('REFUND_EXCEEDS_PAYMENT');
  });

  it('a forged notice for an unpaid order pays nothing', async () => {
    await webhooks(true);
    const order = await submittedOrder();
    const pi = piOf((await order.submit()).body.stripeContext.client_secret);
    const fake = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: pi, object: 'payment_intent', metadata: { kiosk_payment: order.id } } },
    });
    const response = await fetch(`${server.url}/api/payment-methods/${method.id}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: fake,
    });
    expect(response.status).toBe(400);
    const { checkoutSession, paymentIntent } = (
      await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${order.id}`)
    ).body;
    expect(checkoutSession.payment_status).toBe('unpaid');
    expect(await chargesOf(paymentIntent.id)).toHaveLength(0);
  });

  it('a declined card says why in the buyer language; another card then pays the same order', async () => {
    await webhooks(true);
    const order = await submittedOrder();
    const pi = piOf((await order.submit()).body.stripeContext.client_secret);
    await expect(
      stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa_chargeDeclinedInsufficientFunds' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', decline_code: 'insufficient_funds' });
    const refused = await outcome(order.id);
    expect(refused).toEqual({ paid: false, error: 'CARD_INSUFFICIENT_FUNDS' });
    const zh = (await order.buyer.request(`/api/checkout-sessions/retrieve/${order.id}?locale=zh`)).body
      .paymentIntent.last_payment_error.message;
    expect(zh).toBe('您的银行卡余额不足。请换一张卡。');

    await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' });
    const retrieve = async () =>
      (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${order.id}`)).body;
    const paid = await until(retrieve, (answer) => answer.checkoutSession.payment_status === 'paid');

    // The decline's webhook arriving late, after the payment's (out of order), changes nothing.
    const failed = emulator
      .events()
      .find(
        (e) => e.type === 'payment_intent.payment_failed' && (e.data.object as { id: string }).id === pi,
      )!;
    const payload = JSON.stringify(failed);
    const late = await fetch(`${server.url}/api/payment-methods/${method.id}/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      body: payload,
    });
    expect(late.status).toBe(200);
    const after = (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${order.id}`))
      .body;
    expect(after.checkoutSession.payment_status).toBe('paid');
    expect(after.paymentIntent.status).toBe('succeeded');
    expect(await chargesOf(paid.paymentIntent.id)).toMatchObject([{ status: 'succeeded' }]);
  });

  /** The buyer's bank answers the 3-D Secure challenge (what the challenge page's buttons send). */
  const challenge = (pi: string, clientSecret: string, result: 'complete' | 'fail') =>
    fetch(`${emulator.url}/_emulator/3ds/${pi}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: clientSecret, result }).toString(),
    });

  it('3-D Secure completed pays; abandoned, the order stays open and can change, and another card pays it', async () => {
    await webhooks(true);
    const order = await submittedOrder();
    const secret = (await order.submit()).body.stripeContext.client_secret;
    const pi = piOf(secret);
    const asked = await stripe.paymentIntents.confirm(pi, {
      payment_method: 'pm_card_authenticationRequired',
    });
    expect(asked.status).toBe('requires_action');
    expect((await challenge(pi, secret, 'complete')).status).toBe(200);
    expect((await outcome(order.id)).paid).toBe(true);

    const abandoned = await submittedOrder();
    const first = (await abandoned.submit()).body.stripeContext.client_secret;
    await stripe.paymentIntents.confirm(piOf(first), { payment_method: 'pm_card_authenticationRequired' });
    // Nothing was paid: the buyer may still change the order, and its payment follows the new total.
    const link = await merchant.test(`/api/checkout-sessions/${abandoned.id}`);
    expect(link.body.payment_status).toBe('unpaid');
    const again = await abandoned.submit();
    expect(again.status).toBe(200);
    expect(again.body.stripeContext.client_secret).toBe(first);
    await stripe.paymentIntents.confirm(piOf(first), { payment_method: 'pm_card_visa' });
    expect((await outcome(abandoned.id)).paid).toBe(true);
  });

  it('an order moving from card to another method closes its PaymentIntent; one already paid refuses the move', async () => {
    await webhooks(false);
    const order = await submittedOrder();
    const pi = piOf((await order.submit()).body.stripeContext.client_secret);
    const moved = await order.submit(true);
    expect(moved.status).toBe(200);
    expect(moved.body.paymentInstructions.type).toBe('evm_transfer');
    // The card page still open in another tab can no longer pay the order it was opened for.
    expect((await stripe.paymentIntents.retrieve(pi)).status).toBe('canceled');
    await expect(stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' })).rejects.toMatchObject(
      {
        type: 'StripeInvalidRequestError',
      },
    );

    const paid = await submittedOrder();
    const paidPi = piOf((await paid.submit()).body.stripeContext.client_secret);
    await stripe.paymentIntents.confirm(paidPi, { payment_method: 'pm_card_visa' });
    // Paid by card, not recorded yet (no webhook, no return): the order may not move to the chain.
    const refused = await paid.submit(true);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYMENT_IN_PROGRESS');
    await paid.buyer.request(`/api/checkout-sessions/${paid.id}/pay`, {
      method: 'POST',
      body: { tx_hash: paidPi },
    });
    expect((await outcome(paid.id)).paid).toBe(true);
  });

  it('50 submits at once of one order open one PaymentIntent at Stripe', async () => {
    await webhooks(false);
    const order = await submittedOrder();
    const answers = await Promise.all(Array.from({ length: 50 }, () => order.submit()));
    const secrets = new Set(
      answers.filter((a) => a.status === 200).map((a) => a.body.stripeContext.client_secret),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(secrets.size).toBe(1);
    const created = emulator
      .events()
      .filter(
        (e) =>
          e.type === 'payment_intent.created' &&
          (e.data.object as { metadata: Record<string, string> }).metadata.kiosk_payment === order.id,
      );
    expect(created).toHaveLength(1);
  });

  it('shows a merchant the secret settings only by their last four characters', async () => {
    await webhooks(true);
    const shown = (await merchant.test(`/api/payment-methods/${method.id}`)).body.settings;
    expect(shown.secret_key).toBe(`••••${emulator.secretKey.slice(-4)}`);
    expect(shown.webhook_signing_secret).toBe(`••••${webhookSecret.slice(-4)}`);
    expect(shown.publishable_key).toBe(emulator.publishableKey);
    const events = JSON.stringify(await eventsOf(method.id, 'payment_method.updated'));
    expect(events).not.toContain(emulator.secretKey);
    expect(events).not.toContain(webhookSecret);
    // An update sending the masked values back keeps the secrets: the webhook still pays.
    await merchant.test(`/api/payment-methods/${method.id}`, { method: 'PUT', body: { settings: shown } });
    const order = await submittedOrder();
    const pi = piOf((await order.submit()).body.stripeContext.client_secret);
    await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' });
    expect((await outcome(order.id)).paid).toBe(true);
  });
});
