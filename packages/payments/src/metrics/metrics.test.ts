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
import type { PaymentsDb } from '../db.ts';

/** Unix seconds of a UTC day and hour. */
const at = (day: string, hour = 0) => Date.parse(`${day}T00:00:00Z`) / 1000 + hour * 3600;

describe.each(await testEngines())('dashboard metrics on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let tokenId: string;
  let etherId: string;
  let seq = 0;

  const insert = async (
    table: 'charges' | 'refunds' | 'customers' | 'subscriptions' | 'subscription_items',
    row: Record<string, unknown>,
  ) => {
    const id = `${table}_${++seq}`;
    const created = (row.created_at as number) ?? at('2025-03-01');
    await (server.app.kiosk.database.db as PaymentsDb)
      .insertInto(table)
      .values({ id, livemode: false, updated_at: created, created_at: created, ...row } as never)
      .execute();
    return id;
  };
  const charge = (
    currency_id: string,
    amount: string,
    created_at: number,
    extra: Record<string, unknown> = {},
  ) =>
    insert('charges', {
      status: 'succeeded',
      payment_intent_id: 'pi_x',
      payment_method_id: 'pm_x',
      currency_id,
      amount_due: amount,
      amount,
      network: 'eip155:31337',
      reference: `0x${seq}`,
      check_until: created_at,
      created_at,
      ...extra,
    });
  const refund = (amount: string, created_at: number, status = 'succeeded') =>
    insert('refunds', {
      status,
      type: 'refund',
      amount,
      currency_id: tokenId,
      payment_intent_id: 'pi_x',
      charge_id: 'ch_x',
      payment_method_id: 'pm_x',
      created_at,
    });
  const customer = (created_at: number, livemode = false) =>
    insert('customers', { did: `did:abt:${seq}`, created_at, livemode });
  const subscription = async (
    priceId: string,
    recurring: { interval: string; interval_count: number },
    quantity: number,
    times: { created_at: number; ended_at?: number; status?: string },
  ) => {
    const id = await insert('subscriptions', {
      status: times.status ?? 'active',
      customer_id: 'cus_x',
      currency_id: tokenId,
      recurring: JSON.stringify(recurring),
      billing_cycle_anchor: times.created_at,
      current_period_start: times.created_at,
      current_period_end: times.created_at,
      start_date: times.created_at,
      created_at: times.created_at,
      ended_at: times.ended_at ?? null,
    });
    await insert('subscription_items', {
      subscription_id: id,
      price_id: priceId,
      quantity,
      created_at: times.created_at,
    });
  };
  const recurringPrice = async (unit_amount: string, interval: string) => {
    const product = await merchant.test('/api/products', {
      method: 'POST',
      body: {
        name: `Plan ${interval}`,
        prices: [{ currency_id: tokenId, unit_amount, type: 'recurring', recurring: { interval } }],
      },
    });
    expect(product.status).toBe(201);
    return product.body.prices[0].id as string;
  };
  const metrics = (query: string, client = merchant.test) => client(`/api/dashboard/metrics?${query}`);

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    const method = await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() });
    [tokenId, etherId] = method.body.payment_currencies.map((c: { id: string }) => c.id);

    await charge(tokenId, '5000000', at('2025-03-01', 10));
    await charge(tokenId, '2500000', at('2025-03-01', 23));
    await charge(tokenId, '1000000', at('2025-03-02', 0));
    await charge(tokenId, '9999', at('2025-03-02', 5), { status: 'failed' });
    await charge(tokenId, '7000000', at('2025-03-01', 8), { livemode: true });
    await charge(tokenId, '1', at('2025-02-28', 23)); // the day before the range
    await charge(etherId, (2n ** 70n).toString(), at('2025-03-01', 1));
    await charge(etherId, (2n ** 70n + 1n).toString(), at('2025-03-03', 1));
    await refund('500000', at('2025-03-02', 12));
    await refund('100', at('2025-03-03', 12), 'pending');
    await customer(at('2025-03-01', 1));
    await customer(at('2025-03-01', 2));
    await customer(at('2025-03-03', 23));
    await customer(at('2025-03-01', 3), true);

    await subscription(await recurringPrice('100', 'day'), { interval: 'day', interval_count: 1 }, 1, {
      created_at: at('2025-02-01'),
    });
    await subscription(
      await recurringPrice('3000000', 'month'),
      { interval: 'month', interval_count: 1 },
      2,
      {
        created_at: at('2025-03-01', 12),
      },
    );
    await subscription(await recurringPrice('12000000', 'year'), { interval: 'year', interval_count: 1 }, 1, {
      created_at: at('2025-03-02', 9),
      ended_at: at('2025-03-03', 10),
    });
    await subscription(await recurringPrice('1000000', 'week'), { interval: 'week', interval_count: 1 }, 1, {
      created_at: at('2025-03-01', 9),
      status: 'incomplete',
    });
  });
  afterAll(() => server?.close());

  it('answers every day of the range in one currency, with the totals', async () => {
    const answer = await metrics(`currency_id=${tokenId}&from=2025-03-01&to=2025-03-03`);
    expect(answer.status).toBe(200);
    expect(answer.body.days).toEqual([
      {
        date: '2025-03-01',
        gross_volume: '7500000',
        refunds: '0',
        net_volume: '7500000',
        new_customers: 2,
        // The daily plan (100 × 365 ÷ 12, rounded down) and the monthly one (2 × 3 000 000).
        active_subscriptions: 2,
        mrr: '6003041',
      },
      {
        date: '2025-03-02',
        gross_volume: '1000000',
        refunds: '500000',
        net_volume: '500000',
        new_customers: 0,
        active_subscriptions: 3,
        mrr: '7003041',
      },
      {
        date: '2025-03-03',
        gross_volume: '0',
        refunds: '0',
        net_volume: '0',
        new_customers: 1,
        active_subscriptions: 2,
        mrr: '6003041',
      },
    ]);
    expect(answer.body).toMatchObject({
      object: 'dashboard_metrics',
      livemode: false,
      currency_id: tokenId,
      totals: {
        gross_volume: '8500000',
        refunds: '500000',
        net_volume: '8000000',
        new_customers: 3,
        active_subscriptions: 2,
        mrr: '6003041',
      },
    });
  });

  it('keeps amounts beyond 64 bits exact', async () => {
    const answer = await metrics(`currency_id=${etherId}&from=2025-03-01&to=2025-03-03`);
    expect(answer.body.totals.gross_volume).toBe((2n ** 71n + 1n).toString());
    expect(answer.body.days.map((d: { gross_volume: string }) => d.gross_volume)).toEqual([
      (2n ** 70n).toString(),
      '0',
      (2n ** 70n + 1n).toString(),
    ]);
  });

  it('keeps live and test apart', async () => {
    const live = await metrics(`currency_id=${tokenId}&from=2025-03-01&to=2025-03-01`, merchant.live);
    expect(live.status).toBe(200);
    expect(live.body.livemode).toBe(true);
    expect(live.body.totals).toMatchObject({
      gross_volume: '7000000',
      new_customers: 1,
      active_subscriptions: 0,
    });
  });

  it('refuses a range that ends before it starts or is longer than 366 days, with 400', async () => {
    for (const range of [
      'from=2025-03-02&to=2025-03-01',
      'from=2024-01-01&to=2025-01-01',
      'from=2025-02-30&to=2025-03-01',
    ]) {
      const refused = await metrics(`currency_id=${tokenId}&${range}`);
      expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    // Said in words, not as its message key.
    const backwards = await metrics(`currency_id=${tokenId}&from=2025-03-02&to=2025-03-01`);
    expect(backwards.body.details).toContainEqual({
      path: 'querystring.to',
      message: 'A range is 1 to 366 days and ends on or after its first day',
    });
    expect((await metrics(`currency_id=${tokenId}&from=2024-01-01&to=2024-12-31`)).status).toBe(200);
  });

  it('answers merchants only', async () => {
    const stranger = await signedIn(server, TestWallet.random());
    const refused = await stranger.request(
      `/api/dashboard/metrics?currency_id=${tokenId}&from=2025-03-01&to=2025-03-01`,
    );
    expect(refused.status).toBe(403);
  });
});
