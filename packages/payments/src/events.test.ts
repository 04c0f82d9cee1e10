import { TestWallet } from '@kiosk/test-wallet';
import {
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import type { PlatformTables } from '@kiosk/platform';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAsVerified } from './test-support/settle.ts';

/**
 * Every change of a payment row records its event in the same transaction: the writes that once
 * changed rows silently (an invoice and its intent tied to each other, a price's sold count, a
 * subscription's items replaced) are seen by subscribers and webhooks like any other.
 */
describe.each(await testEngines())('the events of every payment write on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let method: { id: string; payment_currencies: { id: string }[] };

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() })).body;
  });
  afterAll(() => server?.close());

  /** The events recorded for `objectId`, oldest first, each with the snapshot it carries. */
  async function eventsOf(objectId: string) {
    const rows = await (server.app.kiosk.database.db as Kysely<PlatformTables>)
      .selectFrom('events')
      .select(['type', 'data'])
      .where('object_id', '=', objectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ type: row.type, data: JSON.parse(row.data) as Record<string, unknown> }));
  }

  async function buyerAt(linkBody: Record<string, unknown>) {
    const link = (await merchant.test('/api/payment-links', { method: 'POST', body: linkBody })).body;
    const wallet = TestWallet.random();
    const buyer = await signedIn(server, wallet);
    const sessionId = (await buyer.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' }))
      .body.checkoutSession.id as string;
    return { buyer, wallet, sessionId };
  }

  const details = (currency: string) => ({
    customer_name: 'Ada',
    customer_email: 'ada@example.com',
    payment_method: method.id,
    payment_currency: currency,
  });

  it("records the intent's invoice and a price's sold count when it is paid", async () => {
    const token = method.payment_currencies[0]!.id;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Poster',
          prices: [{ currency_id: token, unit_amount: '2500000', quantity_available: 10 }],
        },
      })
    ).body;
    const priceId = product.prices[0].id as string;
    const { buyer, wallet, sessionId } = await buyerAt({ line_items: [{ price_id: priceId, quantity: 3 }] });
    const submitted = await buyer.request(`/api/checkout-sessions/${sessionId}/submit`, {
      method: 'PUT',
      body: details(token),
    });
    expect(submitted.status).toBe(200);
    const intentId = submitted.body.checkoutSession.payment_intent_id as string;

    await payAsVerified(server, buyer, sessionId, { amount: 7_500_000n, payer: wallet.address });
    // The order is invoiced when it is paid (issue 21 item 3), and the intent names its invoice.
    const invoiceId = (await merchant.test(`/api/checkout-sessions/${sessionId}`)).body.invoice_id as string;
    expect(invoiceId).toMatch(/^in_/);
    expect(await eventsOf(intentId)).toContainEqual(
      expect.objectContaining({
        type: 'payment_intent.updated',
        data: expect.objectContaining({ invoice_id: invoiceId }),
      }),
    );
    const priceEvents = await eventsOf(priceId);
    expect(priceEvents.at(-1)).toMatchObject({ type: 'price.updated', data: { quantity_sold: 3 } });
  });
});
