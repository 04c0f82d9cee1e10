import { startDevChain, type DevChain } from '@kiosk/devchain';
import { eventsOf } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import type { Address, Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A transfer in another currency than the order's, for real on the local chain (issue 21 item 5): it
 * is judged against what the intent asks when it is named, again at every naming, so one refused while
 * the order was in ETH pays it once the order is in that token; and money that arrived but paid nothing
 * is recorded as refundable, in the currency that arrived, on one charge only.
 */

const RECEIVER = '0x7777777777777777777777777777777777777777' as Address;
const KDT_PRICE = 2_500_000n;

interface ChargeView {
  id: string;
  status: string;
  currency_id: string;
  amount_due: string;
  amount: string;
  amount_refundable: string;
  refund_reason: string | null;
  failure_code: string | null;
  reference: string;
}

describe.each(await testEngines())('transfers in another currency on %s', (engine) => {
  let chain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let kdtToken: Address;
  let otherToken: Address;
  let methodId: string;
  let kdt: string;
  let eth: string;
  let other: string;
  let priceId: string;
  let buyers = 0;

  beforeAll(async () => {
    chain = await startDevChain();
    const holders = Array.from({ length: 20 }, (_, index) => new TestWallet({ index }).address);
    const deploy = (symbol: string) =>
      chain.deployDemoToken({
        name: symbol,
        symbol,
        decimals: 6,
        mintTo: holders,
        amount: 1_000_000_000_000n,
      });
    kdtToken = await deploy('KDT');
    otherToken = await deploy('OTK');
    server = await startTestServer(engine);
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
          currencies: [
            { name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: kdtToken },
            { name: 'Ether', symbol: 'ETH', decimal: 18 },
            // Taken by the method, asked by no price.
            { name: 'Other Token', symbol: 'OTK', decimal: 6, contract: otherToken },
          ],
        },
      })
    ).body;
    methodId = method.id;
    [kdt, eth, other] = method.payment_currencies.map((c: { id: string }) => c.id);
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Poster',
          prices: [
            {
              currency_id: kdt,
              unit_amount: KDT_PRICE.toString(),
              currency_options: [{ currency_id: eth, unit_amount: '1000000000000000' }],
            },
          ],
        },
      })
    ).body;
    priceId = product.prices[0].id;
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  async function order(wallet = new TestWallet({ index: 1 + (buyers++ % 19) })) {
    const client = await signedIn(server, wallet);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId }] },
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
    const view = async () =>
      (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`)).body;
    const charges = async (): Promise<ChargeView[]> =>
      (await merchant.test(`/api/charges?payment_intent_id=${(await view()).paymentIntent.id}`)).body.list;
    return { wallet, id, submit, name, view, charges };
  }

  const transfer = (wallet: TestWallet, token: Address, amount: bigint) =>
    wallet.transferToken({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, token, to: RECEIVER, amount });

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value = await read();
    for (let i = 0; i < 300 && !done(value); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      value = await read();
    }
    if (!done(value)) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    return value;
  }
  const decided = (charges: ChargeView[]) =>
    charges.length > 0 && charges.every((c) => c.status !== 'pending');
  const refundable = async (): Promise<ChargeView[]> =>
    (await merchant.test('/api/charges?refundable=1&pageSize=100')).body.list;

  it('a KDT transfer refused while the order was in ETH pays it once the buyer switches to KDT and names it again', async () => {
    const buyer = await order();
    expect((await buyer.submit(eth)).status).toBe(200);
    const hash = await transfer(buyer.wallet, kdtToken, 5_000_000n);
    expect((await buyer.name(hash)).status).toBe(202);
    const [refused] = await until(buyer.charges, decided);
    expect(refused).toMatchObject({ status: 'failed', failure_code: 'WRONG_TOKEN', reference: hash });
    // What arrived paid nothing (yet): it is the buyer's, in the token that arrived.
    expect(refused).toMatchObject({ currency_id: kdt, amount: '5000000', amount_refundable: '5000000' });
    expect((await refundable()).map((c) => c.id)).toContain(refused!.id);
    expect((await buyer.view()).paymentIntent).toMatchObject({
      status: 'requires_action',
      last_payment_error: { code: 'WRONG_TOKEN' },
    });
    // Named again while the order is still in ETH: refused again, and still refundable once.
    expect((await buyer.name(hash)).status).toBe(202);
    const [again] = await until(buyer.charges, decided);
    expect(again).toMatchObject({
      id: refused!.id,
      failure_code: 'WRONG_TOKEN',
      amount_refundable: '5000000',
    });
    expect((await refundable()).filter((c) => c.reference === hash)).toHaveLength(1);

    expect((await buyer.submit(kdt)).status).toBe(200);
    expect((await buyer.name(hash)).status).toBe(202);
    const done = await until(buyer.view, (view) => view.checkoutSession.payment_status === 'paid');
    expect(done.paymentIntent).toMatchObject({
      status: 'succeeded',
      currency_id: kdt,
      amount_received: '5000000',
    });
    const [paid] = await buyer.charges();
    expect(paid).toMatchObject({
      id: refused!.id,
      status: 'succeeded',
      currency_id: kdt,
      amount_due: KDT_PRICE.toString(),
      amount: '5000000',
      amount_refundable: '2500000',
      refund_reason: 'overpaid',
    });
    const events = (await eventsOf(server.app.kiosk.database, paid!.id)).map((e) => e.type);
    expect(events).toEqual([
      'charge.pending',
      'charge.failed',
      'charge.pending',
      'charge.failed',
      'charge.pending',
      'charge.succeeded',
    ]);
    // Named once more, the paid charge stands as it is: nothing pays twice, nothing is refundable twice.
    expect((await buyer.name(hash)).status).toBe(202);
    expect(await buyer.charges()).toEqual([paid]);
    expect((await refundable()).filter((c) => c.reference === hash)).toEqual([paid]);
  });

  it("the merchant's check of a refused transfer judges it against the order as it is now", async () => {
    const buyer = await order();
    await buyer.submit(eth);
    const hash = await transfer(buyer.wallet, kdtToken, KDT_PRICE);
    await buyer.name(hash);
    const [refused] = await until(buyer.charges, decided);
    expect(refused).toMatchObject({ status: 'failed', failure_code: 'WRONG_TOKEN' });
    // The buyer switches to KDT but says nothing more; the merchant checks the transfer again.
    expect((await buyer.submit(kdt)).status).toBe(200);
    const again = await merchant.test(`/api/charges/${refused!.id}/check`, { method: 'POST' });
    expect(again.body).toMatchObject({
      status: 'pending',
      currency_id: kdt,
      amount_due: KDT_PRICE.toString(),
      amount_refundable: '0',
    });
    await until(buyer.view, (view) => view.checkoutSession.payment_status === 'paid');
    expect((await buyer.charges())[0]).toMatchObject({
      status: 'succeeded',
      amount_refundable: '0',
      refund_reason: null,
    });
  });

  it('records as refundable a transfer in a token no order asks for', async () => {
    const buyer = await order();
    await buyer.submit(kdt);
    const hash = await transfer(buyer.wallet, otherToken, 3_000_000n);
    await buyer.name(hash);
    const [charge] = await until(buyer.charges, decided);
    expect(charge).toMatchObject({
      status: 'failed',
      failure_code: 'WRONG_TOKEN',
      currency_id: other,
      amount: '3000000',
      amount_refundable: '3000000',
    });
    expect((await refundable()).map((c) => c.id)).toContain(charge!.id);
    expect((await buyer.view()).checkoutSession).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    // Named for another order of the same buyer, refused there too: the money is refundable once.
    const another = await order(buyer.wallet);
    await another.submit(kdt);
    await another.name(hash);
    const [second] = await until(another.charges, decided);
    expect(second).toMatchObject({ status: 'failed', failure_code: 'WRONG_TOKEN', amount_refundable: '0' });
    expect((await refundable()).filter((c) => c.reference === hash).map((c) => c.id)).toEqual([charge!.id]);
  });

  it('money refused on one order and then paying another is refundable on neither', async () => {
    const wallet = new TestWallet({ index: 1 + (buyers++ % 19) });
    const [first, second] = [await order(wallet), await order(wallet)];
    await first.submit(eth);
    await second.submit(kdt);
    const hash = await transfer(wallet, kdtToken, KDT_PRICE);
    await first.name(hash);
    const [refused] = await until(first.charges, decided);
    expect(refused).toMatchObject({ status: 'failed', amount_refundable: KDT_PRICE.toString() });

    await second.name(hash);
    await until(second.view, (view) => view.checkoutSession.payment_status === 'paid');
    expect((await first.charges())[0]).toMatchObject({ status: 'failed', amount_refundable: '0' });
    expect((await refundable()).filter((c) => c.reference === hash)).toEqual([]);
    // Named for the first order again, it is the second's payment already: it pays nothing twice.
    await first.submit(kdt);
    await first.name(hash);
    const [used] = await until(first.charges, decided);
    expect(used).toMatchObject({ status: 'failed', failure_code: 'TX_ALREADY_USED', amount_refundable: '0' });
    expect((await first.view()).checkoutSession.payment_status).toBe('unpaid');
  });
});
