import type { Invoice } from '@kiosk/contracts';
import { TestClock, type PlatformTables } from '@kiosk/platform';
import type { StripeEmulator } from '@kiosk/stripe-emulator';
import { TestWallet } from '@kiosk/test-wallet';
import {
  MONTHLY,
  signedIn,
  startCardPlan,
  testEngines,
  until,
  type CardPlan,
  type TestServer,
} from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from './deps.ts';
import { billDueSubscriptions } from './flows/renewal.ts';

const DAY = 86_400;

/**
 * Issue 23 item 4: test clocks. A test customer on a clock has its subscription billed on the clock's
 * time as the clock is advanced (one invoice a period, dated on the clock), and never by the wall
 * clock's sweep; customers on no clock are billed as before. Subscriptions by card, through the local
 * Stripe emulator, on both engines.
 */
describe.each(await testEngines())('test clocks on %s', (engine) => {
  let plan: CardPlan;
  let wall: TestClock;
  let emulator: StripeEmulator;
  let server: TestServer;
  let merchant: CardPlan['merchant'];
  let methodId: string;
  let usd: string;
  let priceId: string;

  beforeAll(async () => {
    wall = new TestClock(Date.UTC(2026, 0, 5));
    plan = await startCardPlan(engine, wall, 'Clocked plan');
    ({ emulator, server, merchant, methodId, usd, priceId } = plan);
  });
  afterAll(() => plan?.close());

  const api = (path: string, init: { method?: string; body?: unknown } = {}) => merchant.test(path, init);
  const newClock = async (frozenTime = wall.nowUnix(), name = 'Renewals') => {
    const answer = await api('/api/test-clocks', { method: 'POST', body: { frozen_time: frozenTime, name } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string; frozen_time: number; status: string };
  };
  const advance = (id: string, frozenTime: number) =>
    api(`/api/test-clocks/${id}/advance`, { method: 'POST', body: { frozen_time: frozenTime } });
  /** Advances the clock and waits until it is ready again. */
  const advanced = async (id: string, frozenTime: number) => {
    const answer = await advance(id, frozenTime);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'advancing' });
    const ready = await until(
      async () => (await api(`/api/test-clocks/${id}`)).body,
      (clock) => clock.status !== 'advancing',
    );
    expect(ready).toMatchObject({ status: 'ready', frozen_time: frozenTime });
  };
  /** The types of the events recorded for an object, sorted. */
  const eventsOf = async (objectId: string) =>
    (
      await (server.app.kiosk.database.db as Kysely<PlatformTables>)
        .selectFrom('events')
        .select('type')
        .where('object_id', '=', objectId)
        .execute()
    )
      .map((event) => event.type)
      .sort();
  const attach = (customerId: string, clockId: string | null) =>
    api(`/api/customers/${customerId}/test-clock`, { method: 'PUT', body: { test_clock: clockId } });

  /**
   * A new customer subscribes by card: submitted, then, when `start` is called, the card is saved and
   * the mandate confirmed, which charges the first period and makes the subscription active (or, with
   * a trial, starts the trial).
   */
  async function subscriber({
    trialDays,
    card = 'pm_card_visa',
  }: { trialDays?: number; card?: string } = {}) {
    const client = await signedIn(server, TestWallet.random());
    const subscription_data = trialDays ? { trial_period_days: trialDays } : undefined;
    const link = (
      await api('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId }], subscription_data },
      })
    ).body;
    const sessionId = (await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' }))
      .body.checkoutSession.id as string;
    const submitted = await client.request(`/api/checkout-sessions/${sessionId}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: usd,
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const { subscription_id: subscriptionId, customer_id: customerId } = submitted.body.checkoutSession;
    const secret = submitted.body.stripeContext.client_secret as string;
    const subscription = async () => (await api(`/api/subscriptions/${subscriptionId}`)).body;
    return {
      customerId: customerId as string,
      subscriptionId: subscriptionId as string,
      subscription,
      start: async () => {
        const confirmed = await fetch(
          `${emulator.url}/v1/setup_intents/${secret.split('_secret_')[0]}/confirm`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              key: emulator.publishableKey,
              client_secret: secret,
              payment_method: card,
            }).toString(),
          },
        );
        expect(confirmed.ok).toBe(true);
        await client.request(`/api/checkout-sessions/${sessionId}/mandate`, { method: 'POST' });
        return until(subscription, (s) => s.status === (trialDays ? 'trialing' : 'active'));
      },
      cycles: async (): Promise<Invoice[]> =>
        (
          (await api(`/api/invoices?subscription_id=${subscriptionId}&pageSize=100`)).body.list as Invoice[]
        ).filter((invoice) => invoice.billing_reason === 'subscription_cycle'),
    };
  }

  it('creates, shows and lists a clock, in test mode only', async () => {
    const clock = await newClock(wall.nowUnix(), 'Shown');
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      livemode: false,
      name: 'Shown',
      frozen_time: wall.nowUnix(),
      status: 'ready',
      created: wall.nowUnix(),
    });
    expect(clock.id).toMatch(/^clock_/);
    expect((await api(`/api/test-clocks/${clock.id}`)).body).toEqual(clock);
    expect((await api('/api/test-clocks')).body.list).toContainEqual(clock);
    expect((await api('/api/test-clocks/clock_missing')).body.code).toBe('TEST_CLOCK_NOT_FOUND');

    const live = [
      await merchant.live('/api/test-clocks', { method: 'POST', body: { frozen_time: wall.nowUnix() } }),
      await merchant.live('/api/test-clocks'),
      await merchant.live(`/api/test-clocks/${clock.id}`),
      await merchant.live(`/api/test-clocks/${clock.id}/advance`, { method: 'POST', body: {} }),
      await merchant.live(`/api/test-clocks/${clock.id}`, { method: 'DELETE' }),
      await merchant.live('/api/customers/cus_x/test-clock', {
        method: 'PUT',
        body: { test_clock: clock.id },
      }),
    ];
    for (const answer of live)
      expect({ status: answer.status, code: answer.body.code }).toEqual({
        status: 400,
        code: 'TEST_CLOCK_LIVEMODE',
      });
    expect(live[0]!.body.error).toMatch(/test mode/);
  });

  it("bills a clocked customer's periods on the clock's time, once each, and nobody else's", async () => {
    const clock = await newClock();
    const clocked = await subscriber();
    const other = await subscriber();
    // Attached while its subscription waits for the card: it is billed on the clock from then on.
    const attached = await attach(clocked.customerId, clock.id);
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body).toMatchObject({ id: clocked.customerId, object: 'customer', test_clock: clock.id });
    expect((await api(`/api/customers/${clocked.customerId}`)).body).toMatchObject({ test_clock: clock.id });
    expect((await api(`/api/customers/${other.customerId}`)).body).toMatchObject({ test_clock: null });
    const first = await clocked.start();
    await other.start();
    // A customer already billed on the wall clock's time stays there.
    const refused = await attach(other.customerId, clock.id);
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 409,
      code: 'CUSTOMER_HAS_SUBSCRIPTIONS',
    });

    // A month and a day on: one renewal, dated on the clock. The other customer's period has ended
    // by the clock's time too, but it is not on the clock.
    const oneMonthOn = first.current_period_end + DAY;
    await advanced(clock.id, oneMonthOn);
    const [renewal, ...more] = await clocked.cycles();
    expect(more).toEqual([]);
    // Collected by the advance too, on the clock's time: paid before the advance answers ready.
    expect(renewal).toMatchObject({
      created_at: oneMonthOn,
      period_start: first.current_period_end,
      total: MONTHLY.toString(),
      status: 'paid',
    });
    expect(await other.cycles()).toEqual([]);
    expect(await clocked.subscription()).toMatchObject({
      status: 'active',
      current_period_start: first.current_period_end,
      current_period_end: renewal!.period_end,
    });

    // Two months more: two more periods, three in all, none billed twice.
    const threeMonthsOn = (await clocked.subscription()).current_period_end + 32 * DAY;
    await advanced(clock.id, threeMonthsOn);
    const cycles = await clocked.cycles();
    expect(cycles).toHaveLength(3);
    // One period after another from the first period's end, the two new ones dated on the clock.
    const periods = cycles
      .map((invoice) => ({ start: invoice.period_start!, end: invoice.period_end!, at: invoice.created_at }))
      .sort((a, b) => a.start - b.start);
    expect(periods[0]).toMatchObject({ start: first.current_period_end, at: oneMonthOn });
    for (let i = 1; i < 3; i++)
      expect(periods[i]).toMatchObject({ start: periods[i - 1]!.end, at: threeMonthsOn });
    const now = await clocked.subscription();
    expect(now.current_period_end).toBeGreaterThan(threeMonthsOn);
    expect(now.current_period_start).toBeLessThanOrEqual(threeMonthsOn);
    expect(await other.cycles()).toEqual([]);

    // The wall clock passes the clocked period's end: its sweep bills the other customer, never the
    // clocked one.
    wall.advance({ seconds: now.current_period_end - wall.nowUnix() + DAY });
    await billDueSubscriptions(createDeps(server.app.kiosk.platform, server.url));
    expect(await clocked.cycles()).toHaveLength(3);
    expect((await other.cycles()).length).toBeGreaterThan(0);
    expect((await clocked.subscription()).current_period_end).toBe(now.current_period_end);

    // The clock's events, in the outbox that webhooks send from, and in the merchant's event log.
    const told = [
      'test_helpers.test_clock.created',
      ...Array(2).fill(['test_helpers.test_clock.advancing', 'test_helpers.test_clock.ready']).flat(),
    ].sort();
    expect(await eventsOf(clock.id)).toEqual(told);
    const logged = await api(`/api/events?object_id=${clock.id}&type=test_helpers.test_clock.*`);
    expect(logged.body.list.map((event: { type: string }) => event.type).sort()).toEqual(told);
  });

  it("retries a declined renewal 1, 3 and 5 days on by the clock, then makes it past due on the clock's time", async () => {
    const clock = await newClock();
    // 0341 saves, and every charge of it is declined: the trial's end is the first charge.
    const clocked = await subscriber({ trialDays: 3, card: 'pm_card_chargeCustomerFail' });
    expect((await attach(clocked.customerId, clock.id)).status).toBe(200);
    const trial = await clocked.start();
    let at = trial.current_period_end + 60;
    const tries: unknown[] = [];
    for (const days of [0, 1, 3, 5]) {
      at += days * DAY;
      await advanced(clock.id, at);
      const [invoice] = await clocked.cycles();
      tries.push({
        status: invoice!.status,
        attempt_count: invoice!.attempt_count,
        next_payment_attempt: invoice!.next_payment_attempt,
        subscription: (await clocked.subscription()).status,
      });
    }
    expect(tries).toEqual([
      {
        status: 'open',
        attempt_count: 1,
        next_payment_attempt: at - 9 * DAY + DAY,
        subscription: 'trialing',
      },
      {
        status: 'open',
        attempt_count: 2,
        next_payment_attempt: at - 8 * DAY + 3 * DAY,
        subscription: 'trialing',
      },
      {
        status: 'open',
        attempt_count: 3,
        next_payment_attempt: at - 5 * DAY + 5 * DAY,
        subscription: 'trialing',
      },
      { status: 'uncollectible', attempt_count: 4, next_payment_attempt: null, subscription: 'past_due' },
    ]);
  });

  it('refuses to go backwards, or to advance twice at once', async () => {
    const clock = await newClock(wall.nowUnix() - 10 * DAY);
    for (const to of [clock.frozen_time, clock.frozen_time - 1]) {
      const answer = await advance(clock.id, to);
      expect({ status: answer.status, code: answer.body.code }).toEqual({
        status: 400,
        code: 'TEST_CLOCK_BACKWARDS',
      });
    }
    // With the job runner stopped, the first advance stays advancing while the second is asked.
    await server.app.kiosk.jobs.stop();
    try {
      const answers = await Promise.all([
        advance(clock.id, clock.frozen_time + DAY),
        advance(clock.id, clock.frozen_time + 2 * DAY),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('TEST_CLOCK_ADVANCING');
      const busy = [
        await advance(clock.id, clock.frozen_time + 3 * DAY),
        await api(`/api/test-clocks/${clock.id}`, { method: 'DELETE' }),
        await attach((await subscriber()).customerId, clock.id),
      ];
      for (const answer of busy) expect(answer.body.code).toBe('TEST_CLOCK_ADVANCING');
      expect((await api(`/api/test-clocks/${clock.id}`)).body).toMatchObject({
        status: 'advancing',
        frozen_time: clock.frozen_time,
      });
    } finally {
      server.app.kiosk.jobs.start();
    }
    const ready = await until(
      async () => (await api(`/api/test-clocks/${clock.id}`)).body,
      (body) => body.status === 'ready',
    );
    expect([clock.frozen_time + DAY, clock.frozen_time + 2 * DAY]).toContain(ready.frozen_time);
  });

  it("deletes a clock: its customers' subscriptions are cancelled, its customers taken off, and it is gone", async () => {
    const clock = await newClock();
    const clocked = await subscriber();
    expect((await attach(clocked.customerId, clock.id)).status).toBe(200);
    await clocked.start();
    const deleted = await api(`/api/test-clocks/${clock.id}`, { method: 'DELETE' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ id: clock.id, object: 'test_helpers.test_clock', deleted: true });
    expect(await clocked.subscription()).toMatchObject({ status: 'canceled', ended_at: clock.frozen_time });
    const db = server.app.kiosk.database.db as Kysely<{
      customers: { id: string; test_clock_id: string | null };
    }>;
    const customer = await db
      .selectFrom('customers')
      .select('test_clock_id')
      .where('id', '=', clocked.customerId)
      .executeTakeFirstOrThrow();
    expect(customer.test_clock_id).toBeNull();
    for (const answer of [
      await api(`/api/test-clocks/${clock.id}`),
      await advance(clock.id, clock.frozen_time + DAY),
      await api(`/api/test-clocks/${clock.id}`, { method: 'DELETE' }),
      await attach(clocked.customerId, clock.id),
    ])
      expect({ status: answer.status, code: answer.body.code }).toEqual({
        status: 404,
        code: 'TEST_CLOCK_NOT_FOUND',
      });
    expect(
      (await api('/api/test-clocks?pageSize=100')).body.list.map((c: { id: string }) => c.id),
    ).not.toContain(clock.id);
    expect(await eventsOf(clock.id)).toContain('test_helpers.test_clock.deleted');
  });
});
