import { startDevChain, type DevChain } from '@kiosk/devchain';
import { TestClock } from '@kiosk/platform';
import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cardMethodBody,
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { sql, type Kysely } from 'kysely';
import Stripe from 'stripe';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Refunds (issue 22 item 5, issue 23 item 2) through the real server, the real Stripe SDK and the
 * local Stripe emulator, on both engines: never more than was paid, idempotent, and neither lost nor
 * made twice when the server stops between Stripe's refund and its record.
 */
describe.each(await testEngines())('refunds on %s', (engine) => {
  let emulator: StripeEmulator;
  let chain: DevChain;
  let clock: TestClock;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let stripe: Stripe;
  let card: { id: string; usd: string };
  let evm: { id: string; eth: string };

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    chain = await startDevChain();
    const block = await chain.publicClient.getBlock({ blockTag: 'latest' });
    clock = new TestClock((Number(block.timestamp) + 10) * 1000);
    server = await startTestServer(engine, {
      clock,
      env: { KIOSK_STRIPE_API_BASE: emulator.url, KIOSK_STRIPE_JS_URL: emulator.jsUrl },
    });
    merchant = await merchantOf(server);
    stripe = new Stripe(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: 'http' });
    const cardMethod = (
      await merchant.test('/api/payment-methods', { method: 'POST', body: cardMethodBody(emulator) })
    ).body;
    card = { id: cardMethod.id, usd: cardMethod.payment_currencies[0].id };
    const evmMethod = (
      await merchant.test('/api/payment-methods', {
        method: 'POST',
        body: {
          type: 'evm',
          name: 'Local chain',
          settings: {
            chain_id: chain.chainId,
            api_host: chain.rpcUrl,
            confirmation: 1,
            receiving_address: RECEIVER,
          },
          currencies: [{ name: 'Ether', symbol: 'ETH', decimal: 18 }],
        },
      })
    ).body;
    evm = { id: evmMethod.id, eth: evmMethod.payment_currencies[0].id };
  });
  afterAll(async () => {
    await server?.close();
    await emulator?.close();
    await chain?.stop();
  });

  const db = () => server.app.kiosk.database.db as Kysely<any>;
  const refund = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    merchant.test('/api/refunds', { method: 'POST', body, headers });
  const chargeOf = async (id: string) => (await merchant.test(`/api/charges/${id}`)).body;
  const refundsOf = async (chargeId: string) =>
    (await merchant.test(`/api/refunds?charge_id=${chargeId}&pageSize=100`)).body;
  const eventTypes = async (objectId: string) =>
    (
      await db().selectFrom('events').select('type').where('object_id', '=', objectId).orderBy('id').execute()
    ).map((e) => e.type as string);

  /** A new order of one item at `amount`, submitted by a new buyer with the method and currency given. */
  async function submitted(amount: string, method: string, currency: string, buyer = TestWallet.random()) {
    const product = await merchant.test('/api/products', {
      method: 'POST',
      body: { name: 'Print', prices: [{ currency_id: currency, unit_amount: amount }] },
    });
    const link = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: product.body.prices[0].id, quantity: 1 }] },
    });
    const id = (
      await cookieClient(server.url).request(`/api/checkout-sessions/start/${link.body.id}`, {
        method: 'POST',
        headers: { 'user-agent': Math.random().toString() },
      })
    ).body.checkoutSession.id as string;
    const client = await signedIn(server, buyer);
    const answer = await client.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada Lovelace',
        customer_email: 'ada@example.com',
        payment_method: method,
        payment_currency: currency,
      },
    });
    expect(answer.status).toBe(200);
    const pay = (reference: string) =>
      client.request(`/api/checkout-sessions/${id}/pay`, { method: 'POST', body: { tx_hash: reference } });
    return { id, answer: answer.body, pay };
  }

  /** The charge the order's named payment became, once decided (succeeded or failed). */
  async function decidedCharge(sessionId: string) {
    const viewer = cookieClient(server.url);
    for (let i = 0; i < 400; i++) {
      const intent = (await viewer.request(`/api/checkout-sessions/retrieve/${sessionId}`)).body
        .paymentIntent;
      const charges = intent
        ? (await merchant.test(`/api/charges?payment_intent_id=${intent.id}`)).body.list
        : [];
      if (charges[0] && charges[0].status !== 'pending') return charges[0];
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the payment was not decided');
  }

  /** A card payment of `amount` cents, paid (or declined, with another test card) and recorded. */
  async function cardCharge(amount: number, paymentMethod = 'pm_card_visa') {
    const order = await submitted(String(amount), card.id, card.usd);
    const secret: string = order.answer.stripeContext.client_secret;
    const pi = secret.slice(0, secret.indexOf('_secret_'));
    await stripe.paymentIntents.confirm(pi, { payment_method: paymentMethod }).catch(() => undefined);
    expect((await order.pay(pi)).status).toBe(202);
    return { ...(await decidedCharge(order.id)), pi };
  }

  /** Polls a refund until it is no longer pending. */
  async function settled(id: string) {
    for (let i = 0; i < 400; i++) {
      const found = (await merchant.test(`/api/refunds/${id}`)).body;
      if (found.status !== 'pending') return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`refund ${id} stayed pending`);
  }

  it('refunds a card payment in full through Stripe, by its payment intent', async () => {
    const charge = await cardCharge(2500);
    expect(charge).toMatchObject({ status: 'succeeded', amount: '2500', amount_refunded: '0' });
    const made = await refund({
      payment_intent_id: charge.payment_intent_id,
      reason: 'requested_by_customer',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      object: 'refund',
      livemode: false,
      status: 'succeeded',
      type: 'refund',
      amount: '2500',
      currency_id: card.usd,
      payment_intent_id: charge.payment_intent_id,
      charge_id: charge.id,
      payment_method_id: card.id,
      reason: 'requested_by_customer',
      failure_code: null,
    });
    expect(made.body.id).toMatch(/^re_/);
    const atStripe = await stripe.refunds.list({ payment_intent: charge.pi });
    expect(atStripe.data).toHaveLength(1);
    expect(atStripe.data[0]).toMatchObject({
      amount: 2500,
      reason: 'requested_by_customer',
      metadata: { kiosk_refund: made.body.id },
    });
    expect(made.body.payment_details).toEqual({ stripe: { refund_id: atStripe.data[0]!.id } });
    expect(await chargeOf(charge.id)).toMatchObject({ amount_refunded: '2500' });
    expect(await eventTypes(made.body.id)).toEqual(['refund.created', 'refund.succeeded']);
    expect(await eventTypes(charge.id)).toContain('charge.refunded');
    expect((await merchant.test(`/api/refunds/${made.body.id}`)).body).toEqual(made.body);
  });

  it('refunds part, then the rest by default; then nothing is left', async () => {
    const charge = await cardCharge(2500);
    const part = await refund({ charge_id: charge.id, amount: '1000' });
    expect(part.body).toMatchObject({ status: 'succeeded', amount: '1000' });
    expect(await chargeOf(charge.id)).toMatchObject({ amount_refunded: '1000' });
    const rest = await refund({ charge_id: charge.id });
    expect(rest.body).toMatchObject({ status: 'succeeded', amount: '1500' });
    expect(await chargeOf(charge.id)).toMatchObject({ amount_refunded: '2500' });
    const stripeCharge = await stripe.charges.retrieve(charge.details.charge_id);
    expect(stripeCharge).toMatchObject({ amount_refunded: 2500, refunded: true });

    const again = await refund({ charge_id: charge.id });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('REFUND_EXCEEDS_PAYMENT');
    expect((await refundsOf(charge.id)).count).toBe(2);
  });

  it('refuses a refund above what was paid with 400, writing nothing here or at Stripe', async () => {
    const charge = await cardCharge(2500);
    const refused = await merchant.test('/api/refunds?locale=zh', {
      method: 'POST',
      body: { charge_id: charge.id, amount: '2501' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'REFUND_EXCEEDS_PAYMENT',
      error: '退款金额超过了这笔付款尚可退还的金额',
    });
    expect(await refundsOf(charge.id)).toEqual({ list: [], count: 0 });
    expect(await chargeOf(charge.id)).toMatchObject({ amount_refunded: '0' });
    expect((await stripe.refunds.list({ payment_intent: charge.pi })).data).toEqual([]);
    const rows = await db().selectFrom('refunds').select('id').where('charge_id', '=', charge.id).execute();
    expect(rows).toEqual([]);
    expect(await eventTypes(charge.id)).not.toContain('charge.refunded');
  });

  it('refuses a second full refund after a full one', async () => {
    const charge = await cardCharge(2500);
    expect((await refund({ charge_id: charge.id })).body.status).toBe('succeeded');
    const second = await refund({ charge_id: charge.id });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('REFUND_EXCEEDS_PAYMENT');
    expect((await stripe.refunds.list({ payment_intent: charge.pi })).data).toHaveLength(1);
  });

  it('20 refunds of 10 at once on a payment of 50: exactly 5 succeed, and Stripe refunded 50', async () => {
    const charge = await cardCharge(5000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund({ charge_id: charge.id, amount: '1000' })),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const made = answers.filter((a) => a.status === 201);
    expect(made.map((a) => a.body.status)).toEqual(Array(5).fill('succeeded'));
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.code)).toEqual(
      Array(15).fill('REFUND_EXCEEDS_PAYMENT'),
    );
    expect(await stripe.charges.retrieve(charge.details.charge_id)).toMatchObject({ amount_refunded: 5000 });
    expect((await stripe.refunds.list({ payment_intent: charge.pi })).data).toHaveLength(5);
    expect(await chargeOf(charge.id)).toMatchObject({ amount_refunded: '5000' });
  });

  it('one Idempotency-Key makes one refund, sent twice in a row or five times at once; another request with it is 422', async () => {
    const charge = await cardCharge(2500);
    const first = await refund({ charge_id: charge.id, amount: '500' }, { 'idempotency-key': 'refund-once' });
    const repeat = await refund(
      { charge_id: charge.id, amount: '500' },
      { 'idempotency-key': 'refund-once' },
    );
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    const other = await refund({ charge_id: charge.id, amount: '700' }, { 'idempotency-key': 'refund-once' });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund({ charge_id: charge.id, amount: '300' }, { 'idempotency-key': 'refund-racing' }),
      ),
    );
    expect(racing.map((a) => a.status)).toEqual(Array(5).fill(201));
    expect(new Set(racing.map((a) => a.body.id)).size).toBe(1);
    expect(
      (await stripe.refunds.list({ payment_intent: charge.pi })).data.map((r) => r.amount).sort(),
    ).toEqual([300, 500]);
    expect(await chargeOf(charge.id)).toMatchObject({ amount_refunded: '800' });
  });

  it('a payment that did not succeed is 409; an EVM refund waits for the merchant to send it', async () => {
    const declined = await cardCharge(2500, 'pm_card_visa_chargeDeclinedInsufficientFunds');
    expect(declined.status).toBe('failed');
    const notPaid = await refund({ charge_id: declined.id });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.code).toBe('CHARGE_NOT_SUCCEEDED');

    const wallet = new TestWallet({ index: 1 });
    const order = await submitted('1000000000000000', evm.id, evm.eth, wallet);
    const tx = await wallet.sendNative({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      to: RECEIVER,
      value: BigInt(order.answer.paymentInstructions.amount),
    });
    expect((await order.pay(tx)).status).toBe(202);
    const paid = await decidedCharge(order.id);
    expect(paid.status).toBe('succeeded');
    // The server holds no merchant key: the refund says what to send (evm-refunds.test.ts goes on).
    const waiting = await refund({ charge_id: paid.id });
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({
      status: 'pending',
      next_action: { type: 'send_transfer', transfer: { to: wallet.address, amount: '1000000000000000' } },
    });
    expect((await refundsOf(paid.id)).count).toBe(1);

    const neither = await refund({ amount: '1' });
    expect(neither.status).toBe(400);
    expect(neither.body.details).toEqual([
      { path: 'body.charge_id', message: 'Name exactly one of charge_id and payment_intent_id' },
    ]);
  });

  it('a crash after Stripe refunded and before the record: the sweep records that one refund, never a second', async () => {
    const charge = await cardCharge(2500);
    // The record step fails once, as a process stopping between Stripe's answer and the commit would.
    if (engine === 'postgres') {
      await sql`create function refunds_crash() returns trigger language plpgsql as $$
        begin raise exception 'stopped before the record'; end $$`.execute(db());
      await sql`create trigger refunds_crash before update on refunds for each row
        when (new.status = 'succeeded') execute function refunds_crash()`.execute(db());
    } else {
      await sql`create trigger refunds_crash before update of status on refunds
        when new.status = 'succeeded' begin select raise(abort, 'stopped before the record'); end`.execute(
        db(),
      );
    }
    const crashed = await refund({ charge_id: charge.id, amount: '900' }, { 'idempotency-key': 'crash-1' });
    await sql`drop trigger refunds_crash${sql.raw(engine === 'postgres' ? ' on refunds' : '')}`.execute(db());
    expect(crashed.status).toBe(500);
    const atStripe = await stripe.refunds.list({ payment_intent: charge.pi });
    expect(atStripe.data.map((r) => r.amount)).toEqual([900]);
    const [pending] = (await refundsOf(charge.id)).list;
    expect(pending).toMatchObject({ status: 'pending', amount: '900' });
    expect(await chargeOf(charge.id)).toMatchObject({ amount_refunded: '0' });
    // Reserved meanwhile: only what is left besides it may be refunded.
    expect((await refund({ charge_id: charge.id, amount: '1601' })).body.code).toBe('REFUND_EXCEEDS_PAYMENT');

    clock.advance({ seconds: 61 });
    const recorded = await settled(pending.id);
    expect(recorded).toMatchObject({
      status: 'succeeded',
      payment_details: { stripe: { refund_id: atStripe.data[0]!.id } },
    });
    expect((await stripe.refunds.list({ payment_intent: charge.pi })).data).toHaveLength(1);
    expect(await chargeOf(charge.id)).toMatchObject({ amount_refunded: '900' });
    // The merchant's retry of the failed request answers that refund.
    const retried = await refund({ charge_id: charge.id, amount: '900' }, { 'idempotency-key': 'crash-1' });
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ id: pending.id, status: 'succeeded' });
    expect((await stripe.refunds.list({ payment_intent: charge.pi })).data).toHaveLength(1);
  });
});

const RECEIVER = '0x9999999999999999999999999999999999999999' as Address;
