import { transaction } from '@kiosk/db';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { eventsOf, TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import {
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleCharge } from './flows/settle-charge.ts';
import { paymentsDb } from './db.ts';
import { createDeps } from './deps.ts';
import { rpcProxy } from './test-support/rpc-proxy.ts';
import { payAsVerified } from './test-support/settle.ts';

/**
 * Issue 9 item 4: a price with 5 in stock and 25 buyers paying at once sold 25. Stock is held by a
 * submitted, open, unexpired session and checked again, atomically, when its payment settles; a
 * payment for stock already gone is recorded for refund (`sold_out`), never oversold.
 */

const DAY = 24 * 60 * 60;
const UNIT = 2_500_000n;

type Merchant = Awaited<ReturnType<typeof merchantOf>>;

/** What both suites share: a product with a stocked price, a link to it, and buyers of that link. */
function shop(
  server: () => TestServer,
  merchant: () => Merchant,
  method: () => { id: string; kdt: string; eth?: string },
) {
  async function stockedLink(quantityAvailable: number) {
    const product = (
      await merchant().test('/api/products', {
        method: 'POST',
        body: {
          name: 'Limited poster',
          prices: [
            {
              currency_id: method().kdt,
              unit_amount: UNIT.toString(),
              quantity_available: quantityAvailable,
              currency_options: method().eth
                ? [{ currency_id: method().eth, unit_amount: '1000000000000000' }]
                : [],
            },
          ],
        },
      })
    ).body;
    const priceId = product.prices[0].id as string;
    const link = (
      await merchant().test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId }] },
      })
    ).body;
    return { priceId, linkId: link.id as string };
  }

  async function buyer(linkId: string, wallet = TestWallet.random()) {
    const client = await signedIn(server(), wallet);
    const started = await client.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' });
    const id = started.body.checkoutSession.id as string;
    const submit = (currency = method().kdt) =>
      client.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: {
          customer_name: 'Ada',
          customer_email: 'ada@example.com',
          payment_method: method().id,
          payment_currency: currency,
        },
      });
    return { wallet, client, id, submit };
  }

  const sold = async (priceId: string) =>
    (await merchant().test(`/api/prices/${priceId}`)).body.quantity_sold as number;

  return { stockedLink, buyer, sold };
}

describe.each(await testEngines())('stock on %s', (engine) => {
  const clock = new TestClock();
  let server: TestServer;
  let merchant: Merchant;
  let method: { id: string; kdt: string; eth: string };
  const { stockedLink, buyer, sold } = shop(
    () => server,
    () => merchant,
    () => method,
  );

  beforeAll(async () => {
    server = await startTestServer(engine, { clock });
    merchant = await merchantOf(server);
    // Payments here are settled by the test (payAsVerified): the chain behind the method never answers,
    // so a named payment stays pending until the test settles it.
    const body = evmMethodBody();
    const created = (
      await merchant.test('/api/payment-methods', {
        method: 'POST',
        body: { ...body, settings: { ...body.settings, api_host: 'http://127.0.0.1:9' } },
      })
    ).body;
    const [kdt, eth] = created.payment_currencies.map((c: { id: string }) => c.id);
    method = { id: created.id, kdt, eth };
  });
  afterAll(() => server?.close());

  describe('25 buyers for 5 in stock', () => {
    let stocked: Awaited<ReturnType<typeof stockedLink>>;
    let accepted: Awaited<ReturnType<typeof buyer>>[] = [];

    beforeAll(async () => {
      stocked = await stockedLink(5);
    });

    it('accepts exactly 5 submits at once and refuses 20 with the stock error', async () => {
      const buyers = await Promise.all(Array.from({ length: 25 }, () => buyer(stocked.linkId)));
      const answers = await Promise.all(buyers.map((b) => b.submit()));
      accepted = buyers.filter((_, index) => answers[index]!.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(accepted).toHaveLength(5);
      expect(refused).toHaveLength(20);
      for (const answer of refused) {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: 'EXCEED_INVENTORY', error: 'Exceed inventory' });
      }
    });

    it('sells exactly 5 when the accepted buyers pay at once', async () => {
      await Promise.all(
        accepted.map((b) => payAsVerified(server, b.client, b.id, { amount: UNIT, payer: b.wallet.address })),
      );
      expect(await sold(stocked.priceId)).toBe(5);
      const refundable = (await merchant.test('/api/charges?refundable=1')).body.list;
      expect(refundable).toEqual([]);
    });
  });

  it('releases a hold when its session expires, and never counts a session against itself', async () => {
    const stocked = await stockedLink(1);
    const first = await buyer(stocked.linkId);
    expect((await first.submit()).status).toBe(200);
    // A currency change is a re-submit: the session's own hold is not counted against it.
    expect((await first.submit(method.eth)).status).toBe(200);

    const second = await buyer(stocked.linkId);
    const refused = await second.submit();
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('EXCEED_INVENTORY');

    clock.advance({ seconds: DAY + 1 });
    const third = await buyer(stocked.linkId);
    expect((await third.submit()).status).toBe(200);
    expect(await sold(stocked.priceId)).toBe(0);
  });

  /** The buyer names a payment; it stays pending (the chain never answers) until `settle`. */
  async function named(b: Awaited<ReturnType<typeof buyer>>) {
    const txHash = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
    const answer = await b.client.request(`/api/checkout-sessions/${b.id}/pay`, {
      method: 'POST',
      body: { tx_hash: txHash },
    });
    expect(answer.status).toBe(202);
    const db = paymentsDb(server.app.kiosk.database);
    const charge = await db
      .selectFrom('charges')
      .select(['id', 'payment_intent_id'])
      .where('reference', '=', txHash)
      .executeTakeFirstOrThrow();
    /** The chain confirmed it: settled as the check would. */
    const settle = () =>
      transaction(db, (trx) =>
        settleCharge(createDeps(server.app.kiosk.platform, server.url), trx, charge.id, {
          reference: txHash,
          amount: UNIT,
          payer: b.wallet.address,
          details: { tx_hash: txHash },
          methodType: 'evm',
        }),
      );
    return { chargeId: charge.id, intentId: charge.payment_intent_id, settle };
  }

  it('records for refund, as sold_out, a payment that settles after its stock was sold', async () => {
    const stocked = await stockedLink(1);
    const late = await buyer(stocked.linkId);
    expect((await late.submit()).status).toBe(200);
    const payment = await named(late);

    // The late buyer's session passes its time while the payment is checked: its hold lapses, and
    // another buyer takes the stock and pays.
    clock.advance({ seconds: DAY + 1 });
    const early = await buyer(stocked.linkId);
    expect((await early.submit()).status).toBe(200);
    await payAsVerified(server, early.client, early.id, { amount: UNIT, payer: early.wallet.address });
    expect(await sold(stocked.priceId)).toBe(1);

    // Now the late payment is confirmed.
    await payment.settle();
    expect((await merchant.test(`/api/charges/${payment.chargeId}`)).body).toMatchObject({
      status: 'succeeded',
      amount: UNIT.toString(),
      amount_refundable: UNIT.toString(),
      refund_reason: 'sold_out',
    });
    const intent = (await merchant.test(`/api/payment-intents/${payment.intentId}?locale=zh`)).body;
    expect(intent).toMatchObject({
      status: 'requires_action',
      amount_received: '0',
      last_payment_error: { code: 'SOLD_OUT', message: '您的付款到账前该商品已售罄，将予以退还' },
    });
    expect(await sold(stocked.priceId)).toBe(1);
    // Not paid; past its time, it is expired now that nothing is on its way.
    const session = (await merchant.test(`/api/checkout-sessions/${late.id}`)).body;
    expect(session.payment_status).toBe('unpaid');
    expect(session.status).not.toBe('complete');
    const events = async (id: string) => (await eventsOf(server.app.kiosk.database, id)).map((e) => e.type);
    expect(await events(payment.chargeId)).toEqual(['charge.pending', 'charge.succeeded']);
    // The expiry sweep may cancel the expired intent after that; it never succeeds.
    const intentEvents = await events(payment.intentId);
    expect(intentEvents).toContain('payment_intent.payment_failed');
    expect(intentEvents).not.toContain('payment_intent.succeeded');
  });

  it('pays exactly the stock when more payments than stock settle at once', async () => {
    const stocked = await stockedLink(2);
    const first = await Promise.all([buyer(stocked.linkId), buyer(stocked.linkId)]);
    for (const b of first) expect((await b.submit()).status).toBe(200);
    const payments = await Promise.all(first.map(named));
    // Their holds lapse while the payments are checked; two more buyers take the stock and pay too.
    clock.advance({ seconds: DAY + 1 });
    const second = await Promise.all([buyer(stocked.linkId), buyer(stocked.linkId)]);
    for (const b of second) expect((await b.submit()).status).toBe(200);
    payments.push(...(await Promise.all(second.map(named))));

    await Promise.all(payments.map((p) => p.settle()));
    const reasons = await Promise.all(
      payments.map(async (p) => (await merchant.test(`/api/charges/${p.chargeId}`)).body.refund_reason),
    );
    expect(reasons.filter((r) => r === null)).toHaveLength(2);
    expect(reasons.filter((r) => r === 'sold_out')).toHaveLength(2);
    expect(await sold(stocked.priceId)).toBe(2);
  });
});

describe.each(await testEngines())('stock with real transfers on %s', (engine) => {
  const clock = new TestClock();
  const RECEIVER = '0x7777777777777777777777777777777777777777' as Address;
  let chain: DevChain;
  let rpc: Awaited<ReturnType<typeof rpcProxy>>;
  let token: Address;
  let server: TestServer;
  let merchant: Merchant;
  let method: { id: string; kdt: string };
  let walletIndex = 1;
  const { stockedLink, buyer, sold } = shop(
    () => server,
    () => merchant,
    () => method,
  );

  beforeAll(async () => {
    chain = await startDevChain();
    token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: Array.from({ length: 12 }, (_, index) => new TestWallet({ index }).address),
      amount: 1_000_000_000_000n,
    });
    rpc = await rpcProxy(chain.rpcUrl);
    server = await startTestServer(engine, { clock });
    merchant = await merchantOf(server);
    const created = (
      await merchant.test('/api/payment-methods', {
        method: 'POST',
        body: {
          type: 'evm',
          name: 'Local chain behind a proxy',
          settings: {
            chain_id: chain.chainId,
            api_host: rpc.url,
            confirmation: 1,
            receiving_address: RECEIVER,
          },
          currencies: [{ name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token }],
        },
      })
    ).body;
    method = { id: created.id, kdt: created.payment_currencies[0].id };
  });
  afterAll(async () => {
    await server?.close();
    await rpc?.close();
    await chain?.stop();
  });

  const funded = () => new TestWallet({ index: walletIndex++ });
  const transfer = (wallet: TestWallet) =>
    wallet.transferToken({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, token, to: RECEIVER, amount: UNIT });
  const name = (b: Awaited<ReturnType<typeof buyer>>, hash: string) =>
    b.client.request(`/api/checkout-sessions/${b.id}/pay`, { method: 'POST', body: { tx_hash: hash } });
  const charges = async () => (await merchant.test('/api/charges?pageSize=100')).body.list as any[];

  /** Waits for `done`, a second of clock time passing at each look (checks are due by the clock). */
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 300; i++) {
      const value = await read();
      if (done(value)) return value;
      clock.advance({ seconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('timed out waiting');
  }

  it('sells 2 of 2 in stock to 5 buyers sending transfers at once', async () => {
    const stocked = await stockedLink(2);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyer(stocked.linkId, funded())));
    const answers = await Promise.all(buyers.map((b) => b.submit()));
    const accepted = buyers.filter((_, index) => answers[index]!.status === 200);
    expect(accepted).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 'EXCEED_INVENTORY')).toHaveLength(3);

    const hashes = await Promise.all(accepted.map((b) => transfer(b.wallet)));
    await Promise.all(accepted.map((b, index) => name(b, hashes[index]!)));
    await until(charges, (list) =>
      hashes.every((h) => list.some((c) => c.reference === h && c.status !== 'pending')),
    );
    expect(await sold(stocked.priceId)).toBe(2);
  });

  it('pays the first of two confirmed transfers for the last one in stock and keeps the other for refund', async () => {
    const stocked = await stockedLink(1);
    const late = await buyer(stocked.linkId, funded());
    expect((await late.submit()).status).toBe(200);
    rpc.down();
    let early: Awaited<ReturnType<typeof buyer>>;
    let hashes: string[];
    try {
      const lateHash = await transfer(late.wallet);
      expect((await name(late, lateHash)).status).toBe(202);
      // The late buyer's session passes its time while the chain does not answer: its hold lapses,
      // and another buyer takes the stock and pays too.
      clock.advance({ seconds: DAY + 1 });
      early = await buyer(stocked.linkId, funded());
      expect((await early.submit()).status).toBe(200);
      const earlyHash = await transfer(early.wallet);
      expect((await name(early, earlyHash)).status).toBe(202);
      hashes = [lateHash, earlyHash];
    } finally {
      rpc.up();
    }
    const decided = await until(charges, (list) =>
      hashes.every((h) => list.some((c) => c.reference === h && c.status === 'succeeded')),
    );
    const mine = decided.filter((c) => hashes.includes(c.reference));
    expect(mine.map((c) => c.refund_reason).sort()).toEqual([null, 'sold_out'].sort());
    expect(mine.find((c) => c.refund_reason === 'sold_out')).toMatchObject({
      amount: UNIT.toString(),
      amount_refundable: UNIT.toString(),
    });
    expect(await sold(stocked.priceId)).toBe(1);
  });
});
