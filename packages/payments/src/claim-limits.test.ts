import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import type { Kysely } from 'kysely';
import type { Address, Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_PER_BUYER, MAX_PENDING_PER_SESSION } from './flows/claim-payment.ts';
import { NOT_FOUND_GRACE_SECONDS, VERIFY_JOB } from './flows/check-charge.ts';

/**
 * Naming payments costs the server a check every few seconds each, so it is bounded (issue 9 item 9):
 * a session and a buyer have only so many payments being checked at once, and a hash the chain has
 * never seen is refused after a short grace instead of being checked for fifteen minutes. A real
 * transfer named a little before it is sent still pays.
 */

const RECEIVER = '0x7777777777777777777777777777777777777777' as Address;

const madeUpHash = () =>
  `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}` as Hash;

describe.each(await testEngines())('limits on naming payments on %s', (engine) => {
  const clock = new TestClock();
  let chain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let token: Address;
  let methodId: string;
  let kdt: string;
  let priceId: string;

  beforeAll(async () => {
    chain = await startDevChain();
    token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: [1, 2].map((index) => new TestWallet({ index }).address),
      amount: 1_000_000_000_000n,
    });
    server = await startTestServer(engine, { clock });
    merchant = await merchantOf(server);
    const method = (
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
          currencies: [{ name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token }],
        },
      })
    ).body;
    methodId = method.id;
    kdt = method.payment_currencies[0].id;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Poster', prices: [{ currency_id: kdt, unit_amount: '2500000' }] },
      })
    ).body;
    priceId = product.prices[0].id;
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const db = () => server.app.kiosk.database.db as Kysely<any>;

  /** A buyer signed in with their wallet (a new account unless one is given). */
  async function buyerOf(wallet = TestWallet.random()) {
    return { wallet, client: await signedIn(server, wallet) };
  }

  /** A submitted session of this buyer, on a link of its own (a buyer's starts of one link are one session). */
  async function submitted(buyer: Awaited<ReturnType<typeof buyerOf>>) {
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId }] },
      })
    ).body;
    const id = (await buyer.client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' }))
      .body.checkoutSession.id as string;
    const answer = await buyer.client.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: kdt,
      },
    });
    expect(answer.status).toBe(200);
    const name = (hash: Hash, query = '') =>
      buyer.client.request(`/api/checkout-sessions/${id}/pay${query}`, {
        method: 'POST',
        body: { tx_hash: hash },
      });
    const view = async (query = '') =>
      (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}${query}`)).body;
    const intentId = (await view()).paymentIntent.id as string;
    const charges = async () =>
      (await merchant.test(`/api/charges?payment_intent_id=${intentId}`)).body.list as {
        id: string;
        status: string;
        reference: string;
        failure_code: string | null;
      }[];
    return { id, intentId, name, view, charges };
  }

  /** Waits for `done`, a second of clock time passing at each look (checks are due by the clock). */
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, looks = 300): Promise<T> {
    for (let i = 0; i < looks; i++) {
      const value = await read();
      if (done(value)) return value;
      clock.advance({ seconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('timed out waiting');
  }

  /** The verify jobs of a charge that are still to run (queued) or running. */
  const liveChecks = (chargeId: string) =>
    db()
      .selectFrom('jobs')
      .select(['key', 'status'])
      .where('name', '=', VERIFY_JOB)
      .where('key', 'like', `${chargeId}:%`)
      .where('status', 'in', ['queued', 'running'])
      .execute();

  it('refuses a fourth payment being checked for one session, writes nothing, and says why in zh', async () => {
    const session = await submitted(await buyerOf());
    const named = Array.from({ length: MAX_PENDING_PER_SESSION }, madeUpHash);
    for (const hash of named) expect((await session.name(hash)).status).toBe(202);

    const refused = await session.name(madeUpHash());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'TOO_MANY_PENDING_PAYMENTS',
      error:
        'Too many of your payments are being confirmed; please wait for one to finish before naming another',
    });
    const zh = await session.name(madeUpHash(), '?locale=zh');
    expect(zh.status).toBe(429);
    expect(zh.body.code).toBe('TOO_MANY_PENDING_PAYMENTS');
    expect(zh.body.error).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.body.error).toBe('您有太多付款正在确认中，请等其中一笔完成后再提交新的交易');

    // Naming again one that is being checked is not one more: it answers as before.
    expect((await session.name(named[0]!)).status).toBe(202);
    const charges = await session.charges();
    expect(charges).toHaveLength(MAX_PENDING_PER_SESSION);
    expect(charges.map((c) => c.reference).sort()).toEqual([...named].sort());
    expect(charges.every((c) => c.status === 'pending')).toBe(true);
  });

  it("refuses one more payment being checked across a buyer's sessions", async () => {
    const buyer = await buyerOf();
    const sessions = [];
    for (let i = 0; i <= MAX_PENDING_PER_BUYER; i++) sessions.push(await submitted(buyer));
    for (const session of sessions.slice(0, MAX_PENDING_PER_BUYER))
      expect((await session.name(madeUpHash())).status).toBe(202);

    const last = sessions[MAX_PENDING_PER_BUYER]!;
    const refused = await last.name(madeUpHash());
    expect([refused.status, refused.body.code]).toEqual([429, 'TOO_MANY_PENDING_PAYMENTS']);
    expect(await last.charges()).toEqual([]);
    expect((await last.view()).paymentIntent.status).not.toBe('processing');

    // Another buyer is not held back by this one.
    const other = await submitted(await buyerOf());
    expect((await other.name(madeUpHash())).status).toBe(202);
  });

  it('lets at most the limit through when many payments are named at once', async () => {
    const session = await submitted(await buyerOf());
    const answers = await Promise.all(Array.from({ length: 10 }, () => session.name(madeUpHash())));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(MAX_PENDING_PER_SESSION).fill(202),
      ...Array<number>(10 - MAX_PENDING_PER_SESSION).fill(429),
    ]);
    const pending = (await session.charges()).filter((c) => c.status === 'pending');
    expect(pending.length).toBeLessThanOrEqual(MAX_PENDING_PER_SESSION);
    expect(pending).toHaveLength(MAX_PENDING_PER_SESSION);
  });

  it("lets at most the buyer's limit through when their sessions name payments at once", async () => {
    const buyer = await buyerOf();
    const sessions = [];
    for (let i = 0; i < MAX_PENDING_PER_BUYER + 4; i++) sessions.push(await submitted(buyer));
    const answers = await Promise.all(sessions.map((session) => session.name(madeUpHash())));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(MAX_PENDING_PER_BUYER);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    const pending = (await Promise.all(sessions.map((session) => session.charges()))).flat();
    expect(pending.filter((c) => c.status === 'pending')).toHaveLength(MAX_PENDING_PER_BUYER);
  });

  it('fails a hash the chain has never seen after the grace, and stops checking it', async () => {
    const session = await submitted(await buyerOf());
    const hash = madeUpHash();
    expect((await session.name(hash)).status).toBe(202);

    // Within the grace it is waited for like any transfer on its way.
    const started = clock.nowUnix();
    await until(
      async () => clock.nowUnix() - started,
      (gone) => gone >= NOT_FOUND_GRACE_SECONDS - 20,
    );
    expect((await session.view()).paymentIntent).toMatchObject({
      status: 'processing',
      last_payment_error: null,
    });

    const failed = await until(
      () => session.view('?locale=zh'),
      (view) => view.paymentIntent.status === 'requires_action',
      120,
    );
    expect(clock.nowUnix() - started).toBeGreaterThan(NOT_FOUND_GRACE_SECONDS);
    expect(failed.paymentIntent.last_payment_error).toEqual({
      code: 'TX_NOT_FOUND',
      message: '链上未找到该交易；请核对交易哈希，如已发出，请重新提交',
    });
    expect(failed.checkoutSession).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const [charge] = await session.charges();
    expect(charge).toMatchObject({ status: 'failed', failure_code: 'TX_NOT_FOUND', reference: hash });

    // No check of it is left to run (the one that decided may still be finishing).
    await until(
      () => liveChecks(charge!.id),
      (jobs) => jobs.length === 0,
      50,
    );
    clock.advance({ seconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await liveChecks(charge!.id)).toEqual([]);
    expect((await session.charges())[0]).toMatchObject({ status: 'failed', failure_code: 'TX_NOT_FOUND' });

    // Naming it again starts a new round of checks, and it no longer counts against the limit.
    expect((await session.name(hash)).status).toBe(202);
    expect((await session.charges())[0]).toMatchObject({ status: 'pending', failure_code: null });
  });

  it('pays a real transfer that is named a minute before it is sent', async () => {
    const buyer = await buyerOf(new TestWallet({ index: 1 }));
    const session = await submitted(buyer);
    const transfer = await buyer.wallet.signTokenTransfer({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      token,
      to: RECEIVER,
      amount: 2_500_000n,
    });
    expect((await session.name(transfer.hash)).status).toBe(202);
    const started = clock.nowUnix();
    await until(
      async () => clock.nowUnix() - started,
      (gone) => gone >= 60,
    );
    expect((await session.charges())[0]).toMatchObject({ status: 'pending' });

    await transfer.send();
    const paid = await until(
      () => session.view(),
      (view) => view.checkoutSession.payment_status === 'paid',
    );
    expect(paid.paymentIntent).toMatchObject({ status: 'succeeded', amount_received: '2500000' });
    expect((await session.charges())[0]).toMatchObject({ status: 'succeeded', reference: transfer.hash });
  });

  it('waits for a transfer sitting unmined in the mempool past the grace, and pays it once mined', async () => {
    const rpc = (method: string, params: unknown[] = []) =>
      fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
    const buyer = await buyerOf(new TestWallet({ index: 2 }));
    const session = await submitted(buyer);
    await rpc('evm_setAutomine', [false]);
    try {
      // Broadcast, so the node knows it, but not mined: congestion, as a busy mainnet has.
      const transfer = await buyer.wallet.signTokenTransfer({
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        token,
        to: RECEIVER,
        amount: 2_500_000n,
      });
      await rpc('eth_sendRawTransaction', [transfer.raw]);
      expect((await session.name(transfer.hash)).status).toBe(202);
      const started = clock.nowUnix();
      await until(
        async () => clock.nowUnix() - started,
        (gone) => gone >= 300,
        400,
      );
      expect((await session.charges())[0]).toMatchObject({ status: 'pending', failure_code: null });
    } finally {
      await rpc('evm_setAutomine', [true]);
      await rpc('evm_mine');
    }
    const paid = await until(
      () => session.view(),
      (view) => view.checkoutSession.payment_status === 'paid',
    );
    expect(paid.paymentIntent.status).toBe('succeeded');
  });
});
