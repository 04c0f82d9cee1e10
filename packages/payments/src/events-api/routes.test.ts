import type { PlatformTables } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** What a merchant's submitted checkout and its setup record events about. */
const PAYMENT_OBJECTS = new Set([
  'payment_method',
  'payment_currency',
  'product',
  'price',
  'payment_link',
  'checkout.session',
  'customer',
  'payment_intent',
]);

/**
 * GET /api/events (issue 23): the merchant's log of what happened to their payment objects, newest
 * first, one mode at a time, filtered by object and type, and none of another module's events.
 */
describe.each(await testEngines())('the events API on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let order: { sessionId: string; intentId: string; customerId: string };

  /** A buyer's submitted checkout of a test-mode link: a session, its payment intent and customer. */
  async function submittedOrder() {
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    const token = method.payment_currencies[0].id as string;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Poster', prices: [{ currency_id: token, unit_amount: '2500000' }] },
      })
    ).body;
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: product.prices[0].id, quantity: 1 }] },
      })
    ).body;
    const buyer = await signedIn(server, TestWallet.random());
    const sessionId = (await buyer.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' }))
      .body.checkoutSession.id as string;
    const submitted = await buyer.request(`/api/checkout-sessions/${sessionId}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada Lovelace',
        customer_email: 'ada@example.com',
        payment_method: method.id,
        payment_currency: token,
      },
    });
    expect(submitted.status).toBe(200);
    const intent = submitted.body.paymentIntent;
    return { sessionId, intentId: intent.id as string, customerId: intent.customer_id as string };
  }

  /** What the outbox holds, read directly: the truth the API is checked against. */
  async function outbox(where: { objectId?: string; livemode?: boolean } = {}) {
    let query = (server.app.kiosk.database.db as Kysely<PlatformTables>)
      .selectFrom('events')
      .select(['id', 'type', 'object_type', 'object_id', 'livemode']);
    if (where.objectId) query = query.where('object_id', '=', where.objectId);
    return (await query.orderBy('id', 'desc').execute()).filter(
      (row) => where.livemode === undefined || Boolean(row.livemode) === where.livemode,
    );
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    order = await submittedOrder();
  });
  afterAll(() => server?.close());

  it("lists an object's events newest first, each with the object as it stood after it", async () => {
    const answer = await merchant.test(`/api/events?object_id=${order.intentId}`);
    expect(answer.status).toBe(200);
    const recorded = await outbox({ objectId: order.intentId });
    expect(recorded.length).toBeGreaterThan(0);
    expect(answer.body.count).toBe(recorded.length);
    expect(answer.body.list.map((event: { id: string }) => event.id)).toEqual(recorded.map((row) => row.id));
    const created = answer.body.list.at(-1);
    expect(created).toMatchObject({
      object: 'event',
      livemode: false,
      type: 'payment_intent.created',
      object_type: 'payment_intent',
      object_id: order.intentId,
      data: { id: order.intentId, object: 'payment_intent', customer_id: order.customerId },
    });
    expect(typeof created.created_at).toBe('number');
  });

  it('tells several objects together, and filters by a type or a group of types', async () => {
    const both = `${order.intentId},${order.sessionId}`;
    const all = (await merchant.test(`/api/events?object_id=${both}&pageSize=100`)).body;
    const recorded = [
      ...(await outbox({ objectId: order.intentId })),
      ...(await outbox({ objectId: order.sessionId })),
    ].sort((a, b) => (a.id < b.id ? 1 : -1));
    expect(all.list.map((event: { id: string }) => event.id)).toEqual(recorded.map((row) => row.id));

    const sessionTypes = recorded
      .filter((row) => row.type.startsWith('checkout.session.'))
      .map((row) => row.type);
    expect(sessionTypes.length).toBeGreaterThan(0);
    const group = (await merchant.test(`/api/events?object_id=${both}&type=checkout.session.*&pageSize=100`))
      .body;
    expect(group.list.map((event: { type: string }) => event.type)).toEqual(sessionTypes);

    const exact = (await merchant.test(`/api/events?object_id=${both}&type=payment_intent.created`)).body;
    expect(exact).toMatchObject({ count: 1, list: [{ object_id: order.intentId }] });
  });

  it('pages from the newest: page 2 goes on where page 1 stopped, and the count is of all', async () => {
    const recorded = await outbox({ livemode: false });
    const paymentEvents = recorded.filter((row) => PAYMENT_OBJECTS.has(row.object_type ?? ''));
    const first = (await merchant.test('/api/events?pageSize=2')).body;
    const second = (await merchant.test('/api/events?pageSize=2&page=2')).body;
    expect(first.count).toBe(paymentEvents.length);
    expect([...first.list, ...second.list].map((event: { id: string }) => event.id)).toEqual(
      paymentEvents.slice(0, 4).map((row) => row.id),
    );
  });

  it("shows only the caller's mode, and no event of another module (an API key's)", async () => {
    expect((await merchant.live(`/api/events?object_id=${order.intentId}`)).body).toEqual({
      list: [],
      count: 0,
    });
    // merchantOf made a test and a live API key: identity recorded their events in the same outbox.
    const keyEvents = (await outbox()).filter((row) => row.object_type === 'api_key');
    expect(keyEvents.length).toBeGreaterThan(0);
    const listed = (await merchant.test('/api/events?pageSize=100')).body.list as { object_type: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.some((event) => event.object_type === 'api_key')).toBe(false);
    const byKeyId = await merchant.test(`/api/events?object_id=${keyEvents[0]!.object_id}`);
    expect(byKeyId.body.count).toBe(0);
  });

  it("answers the owner's dashboard by session in the mode it asks for", async () => {
    const answer = await merchant.owner.request(`/api/events?object_id=${order.intentId}&livemode=false`);
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe((await outbox({ objectId: order.intentId })).length);
  });

  it('keeps buyers and strangers out, and refuses a malformed filter', async () => {
    const buyer = await signedIn(server, TestWallet.random());
    expect((await buyer.request('/api/events')).status).toBe(403);
    expect((await cookieClient(server.url).request('/api/events')).status).toBe(401);
    expect((await merchant.test('/api/events?type=Charge.*')).status).toBe(400);
    expect((await merchant.test('/api/events?type=charge.*.refunded')).status).toBe(400);
    const tooMany = Array.from({ length: 51 }, (_, index) => `pi_${index}`).join(',');
    expect((await merchant.test(`/api/events?object_id=${tooMany}`)).status).toBe(400);
  });
});
