import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { eventsOf, TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import type { Address, Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcProxy } from './test-support/rpc-proxy.ts';

/**
 * The money path's failure modes, each tried for real: a payment being checked while the order is
 * changed, a chain that does not answer for longer than any retry budget, a check that runs out,
 * the same transaction named again, a payment for an order that closed, a subscription price sold
 * as a one-time payment. Time is a test clock, so fifteen minutes pass in a moment.
 */

const RECEIVER = '0x7777777777777777777777777777777777777777' as Address;
const MINUTE = 60;

describe.each(await testEngines())('the money path on %s', (engine) => {
  const clock = new TestClock();
  let chain: DevChain;
  let rpc: Awaited<ReturnType<typeof rpcProxy>>;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let token: Address;
  let methodId: string;
  let kdt: string;
  let eth: string;
  let priceId: string;
  let recurringPriceId: string;
  let buyerIndex = 0;

  beforeAll(async () => {
    chain = await startDevChain();
    const holders = Array.from({ length: 20 }, (_, index) => new TestWallet({ index }).address);
    token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders,
      amount: 1_000_000_000_000n,
    });
    rpc = await rpcProxy(chain.rpcUrl);
    server = await startTestServer(engine, { clock });
    merchant = await merchantOf(server);
    const method = (
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
          currencies: [
            { name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token },
            { name: 'Ether', symbol: 'ETH', decimal: 18 },
          ],
        },
      })
    ).body;
    methodId = method.id;
    [kdt, eth] = method.payment_currencies.map((c: { id: string }) => c.id);
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Poster',
          prices: [
            {
              currency_id: kdt,
              unit_amount: '2500000',
              currency_options: [{ currency_id: eth, unit_amount: '1000000000000000' }],
            },
            { type: 'recurring', currency_id: kdt, unit_amount: '1000000', recurring: { interval: 'month' } },
          ],
        },
      })
    ).body;
    [priceId, recurringPriceId] = product.prices.map((p: { id: string }) => p.id);
  });
  afterAll(async () => {
    await server?.close();
    await rpc?.close();
    await chain?.stop();
  });

  async function order(price = priceId) {
    const wallet = new TestWallet({ index: 1 + (buyerIndex++ % 19) });
    const client = await signedIn(server, wallet);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: price }] },
      })
    ).body;
    const id = (await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body
      .checkoutSession.id as string;
    const submit = (currency: string) =>
      client.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: {
          customer_name: 'Ada',
          customer_email: 'ada@example.com',
          payment_method: methodId,
          payment_currency: currency,
        },
      });
    const name = (hash: Hash) =>
      client.request(`/api/checkout-sessions/${id}/pay`, { method: 'POST', body: { tx_hash: hash } });
    const view = async (query = '') =>
      (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}${query}`)).body;
    return { wallet, client, id, submit, name, view };
  }

  /** A KDT transfer signed now and broadcast only when the test says: its hash can be named first. */
  const signedTransfer = (wallet: TestWallet, amount = 2_500_000n) =>
    wallet.signTokenTransfer({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, token, to: RECEIVER, amount });

  /** The node itself (not through the proxy), for what a test does to the chain: mining, broadcasting. */
  const nodeRpc = (method: string, params: unknown[] = []) =>
    fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });

  /** Lets time pass on the test clock, a step at a time, giving the job runner a moment at each. */
  async function pass(seconds: number, step = MINUTE) {
    for (let gone = 0; gone < seconds; gone += step) {
      clock.advance({ seconds: step });
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  }

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
  const paid = (view: any) => view.checkoutSession.payment_status === 'paid';

  it('refuses to re-aim the order while its payment is being checked, and pays what was named', async () => {
    const buyer = await order();
    expect((await buyer.submit(kdt)).status).toBe(200);
    const transfer = await signedTransfer(buyer.wallet);
    expect((await buyer.name(transfer.hash)).status).toBe(202);
    expect((await buyer.view()).paymentIntent.status).toBe('processing');

    const switched = await buyer.submit(eth);
    expect(switched.status).toBe(409);
    expect(switched.body).toMatchObject({
      code: 'PAYMENT_IN_PROGRESS',
      error: 'A payment for this order is being confirmed; please wait for it',
    });
    const expired = await merchant.test(`/api/checkout-sessions/${buyer.id}/expire`, { method: 'PUT' });
    expect(expired.body.code).toBe('PAYMENT_IN_PROGRESS');

    await transfer.send();
    const done = await until(() => buyer.view(), paid);
    expect(done.paymentIntent).toMatchObject({
      status: 'succeeded',
      currency_id: kdt,
      amount_received: '2500000',
    });
  });

  it('never lets dust pay an order, however a change of currency races the naming of the transfer', async () => {
    for (let round = 0; round < 4; round++) {
      const buyer = await order();
      expect((await buyer.submit(eth)).status).toBe(200);
      // 5,000,000 wei: dust against the 0.001 ETH asked, and 5 KDT's digits in the other currency.
      const dust = await buyer.wallet.sendNative({
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        to: RECEIVER,
        value: 5_000_000n,
      });
      // Either order may win: the naming first (the switch is refused) or the switch first (the
      // dust is then judged against KDT). Neither may pay.
      const [named, switched] = await Promise.all([buyer.name(dust), buyer.submit(kdt)]);
      expect(named.status).toBe(202);
      expect([200, 409]).toContain(switched.status);
      const decided = await until(
        async () =>
          (await merchant.test(`/api/charges?payment_intent_id=${(await buyer.view()).paymentIntent.id}`))
            .body.list,
        (charges: { status: string; amount: string }[]) =>
          charges.every((charge) => charge.status !== 'pending'),
      );
      const view = await buyer.view();
      expect(view.checkoutSession.payment_status).toBe('unpaid');
      expect(view.paymentIntent.status).not.toBe('succeeded');
      // The dust arrived and is the buyer's to get back: judged against what was asked when named.
      for (const charge of decided)
        if (charge.status === 'succeeded')
          expect(charge).toMatchObject({ amount_refundable: charge.amount, refund_reason: 'underpaid' });
    }
  });

  it('keeps asking a chain that does not answer, past any retry budget, and loses no payment', async () => {
    const buyer = await order();
    await buyer.submit(kdt);
    const transfer = await signedTransfer(buyer.wallet);
    await transfer.send();
    rpc.down();
    try {
      expect((await buyer.name(transfer.hash)).status).toBe(202);
      // Twenty minutes of outage: longer than the fifteen a transfer is waited for, and than any
      // number of job attempts.
      await pass(20 * MINUTE);
      const during = await buyer.view();
      expect(during.paymentIntent).toMatchObject({ status: 'processing', last_payment_error: null });
      const [charge] = (await merchant.test(`/api/charges?payment_intent_id=${during.paymentIntent.id}`)).body
        .list;
      expect(charge).toMatchObject({ status: 'pending', last_check_error: 'RAIL_UNREACHABLE' });
    } finally {
      rpc.up();
    }
    await pass(MINUTE, 5);
    expect((await until(() => buyer.view(), paid)).paymentIntent.status).toBe('succeeded');
  });

  it('shows why when a check runs out, and checks the same transaction again when it is named again', async () => {
    const buyer = await order();
    await buyer.submit(kdt);
    const transfer = await signedTransfer(buyer.wallet);
    // Broadcast to a node that is not mining: the transfer is known, and unconfirmed for longer
    // than it is waited for (a congested chain).
    await nodeRpc('evm_setAutomine', [false]);
    let gaveUp;
    try {
      await nodeRpc('eth_sendRawTransaction', [transfer.raw]);
      await buyer.name(transfer.hash);
      await pass(16 * MINUTE);
      gaveUp = await until(
        () => buyer.view('?locale=zh'),
        (view) => view.paymentIntent.status === 'requires_action',
      );
    } finally {
      await nodeRpc('evm_setAutomine', [true]);
      await nodeRpc('evm_mine');
    }
    expect(gaveUp.paymentIntent.last_payment_error).toEqual({
      code: 'TX_NOT_CONFIRMED',
      message: '该交易未能及时确认；如已发出，请重新提交',
    });
    expect(gaveUp.checkoutSession).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    // The order may change again, now that nothing is on its way.
    expect((await buyer.submit(kdt)).status).toBe(200);

    // Mined at last: named again, it is checked again and pays.
    expect((await buyer.name(transfer.hash)).status).toBe(202);
    expect((await until(() => buyer.view(), paid)).paymentIntent.status).toBe('succeeded');
    const charges = (await merchant.test(`/api/charges?payment_intent_id=${gaveUp.paymentIntent.id}`)).body
      .list;
    expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', reference: transfer.hash })]);
    const events = (await eventsOf(server.app.kiosk.database, charges[0].id)).map((e) => e.type);
    expect(events).toEqual(['charge.pending', 'charge.failed', 'charge.pending', 'charge.succeeded']);
  });

  it('lets the merchant have a failed charge checked again', async () => {
    const buyer = await order();
    await buyer.submit(kdt);
    const transfer = await signedTransfer(buyer.wallet);
    await buyer.name(transfer.hash);
    await pass(16 * MINUTE);
    const view = await until(
      () => buyer.view(),
      (v) => v.paymentIntent.status === 'requires_action',
    );
    const [charge] = (await merchant.test(`/api/charges?payment_intent_id=${view.paymentIntent.id}`)).body
      .list;
    // Never broadcast: after the grace, the chain has not seen it.
    expect(charge).toMatchObject({ status: 'failed', failure_code: 'TX_NOT_FOUND' });
    await transfer.send();
    const again = await merchant.test(`/api/charges/${charge.id}/check`, { method: 'POST' });
    expect(again.body).toMatchObject({ status: 'pending', failure_code: null });
    expect((await until(() => buyer.view(), paid)).paymentIntent.status).toBe('succeeded');
    expect((await merchant.test(`/api/charges/${charge.id}/check`, { method: 'POST' })).body.code).toBe(
      'CHARGE_NOT_FAILED',
    );
  });

  it('records for refund a payment that arrives for an order already closed', async () => {
    const buyer = await order();
    await buyer.submit(kdt);
    await merchant.test(`/api/checkout-sessions/${buyer.id}/expire`, { method: 'PUT' });
    const transfer = await signedTransfer(buyer.wallet);
    await transfer.send();
    expect((await buyer.name(transfer.hash)).status).toBe(202);
    const intentId = (await buyer.view()).paymentIntent.id;
    const [charge] = await until(
      async () => (await merchant.test(`/api/charges?payment_intent_id=${intentId}`)).body.list,
      (list: { status: string }[]) => list[0]?.status === 'succeeded',
    );
    expect(charge).toMatchObject({
      amount: '2500000',
      amount_refundable: '2500000',
      refund_reason: 'order_closed',
    });
    expect((await buyer.view()).checkoutSession).toMatchObject({
      status: 'expired',
      payment_status: 'unpaid',
    });
  });

  it('never sells a subscription price once as a one-time payment, nor on a method without mandates', async () => {
    const buyer = await order(recurringPriceId);
    expect((await buyer.view()).checkoutSession.mode).toBe('subscription');
    const refused = await buyer.submit(kdt);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'RECURRING_NOT_CONFIGURED' });
    const session = (await buyer.view()).checkoutSession;
    expect(session.payment_intent_id).toBeNull();
    expect(session.subscription_id).toBeNull();
  });
});
