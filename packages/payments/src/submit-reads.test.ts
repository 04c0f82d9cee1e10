import { TestWallet } from '@kiosk/test-wallet';
import {
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A submit reads each row it needs once, the answer it sends included (the issue counted the
 * customer read four times and the prices three). Only the checkout session is read twice: once
 * before the transaction, to know whether the chain must be asked first, and once held in it.
 */

/** The tables a statement reads from, by their names after FROM and JOIN. */
const tablesRead = (sql: string): string[] =>
  /^\s*select/i.test(sql) ? [...sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((m) => m[1]!) : [];

describe.each(await testEngines())('what a submit reads, on %s', (engine) => {
  let server: TestServer;
  let statements: string[] | undefined;
  let linkId: string;
  let methodId: string;
  let currencyId: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { onQuery: (sql) => statements?.push(sql) });
    const merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    methodId = method.id;
    currencyId = method.payment_currencies[0].id;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'T-shirt',
          prices: [{ type: 'one_time', currency_id: currencyId, unit_amount: '25000000' }],
        },
      })
    ).body;
    linkId = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: product.prices[0].id, quantity: 2 }] },
      })
    ).body.id;
  });
  afterAll(() => server?.close());

  /** How many statements of the request read each table. */
  async function readsOf(request: () => Promise<{ status: number }>) {
    statements = [];
    const answer = await request();
    const counted = statements;
    statements = undefined;
    expect(answer.status).toBe(200);
    const reads = new Map<string, number>();
    for (const sql of counted)
      for (const table of new Set(tablesRead(sql))) reads.set(table, (reads.get(table) ?? 0) + 1);
    return Object.fromEntries(reads);
  }

  it('reads the customer, the prices, the methods and the intent once, the first time and again', async () => {
    const buyer = await signedIn(server, TestWallet.random());
    const sessionId = (await buyer.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' })).body
      .checkoutSession.id as string;
    const submit = () =>
      buyer.request(`/api/checkout-sessions/${sessionId}/submit`, {
        method: 'PUT',
        body: {
          customer_name: 'Ada',
          customer_email: 'ada@example.com',
          payment_method: methodId,
          payment_currency: currencyId,
        },
      });
    // The first submit makes the customer and the intent; the second re-aims them (a double click).
    for (const reads of [await readsOf(submit), await readsOf(submit)]) {
      expect(reads).toMatchObject({ customers: 1, prices: 1, payment_methods: 1, checkout_sessions: 2 });
      expect(reads.payment_intents ?? 0).toBeLessThanOrEqual(1);
      expect(reads.products).toBe(1);
    }
  });
});
