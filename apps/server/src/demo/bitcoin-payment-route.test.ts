import {
  startBitcoinStandin,
  TestWallet as BitcoinWallet,
  type BitcoinStandin,
} from '@kiosk/bitcoin-standin';
import { cookieClient, merchantOf, signedIn, startTestServer, type TestServer } from '@kiosk/testkit';
import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PATH = '/api/test-wallet/bitcoin-payments';

// The route reads a few rows and asks the stand-in; SQLite is enough.
describe('the demo wallet paying a Bitcoin checkout', () => {
  let standin: BitcoinStandin;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let method: { id: string; payment_currencies: { id: string }[] };
  beforeAll(async () => {
    standin = await startBitcoinStandin();
    server = await startTestServer('sqlite', { env: { KIOSK_TEST_WALLET: 'true' } });
    merchant = await merchantOf(server);
    method = (
      await merchant.test('/api/payment-methods', {
        method: 'POST',
        body: {
          type: 'bitcoin',
          name: 'Bitcoin (regtest)',
          settings: {
            network: 'regtest',
            xpub: BitcoinWallet.fromSeed('demo wallet route merchant').accountVpub,
            esplora_url: standin.url,
            confirmation: 2,
          },
          currencies: [{ name: 'Bitcoin', symbol: 'BTC', decimal: 8, maximum_precision: 8 }],
        },
      })
    ).body;
  });
  afterAll(async () => {
    await server?.close();
    await standin?.close();
  });

  /** A new buyer's checkout of one 0.0004 BTC hoodie, started and not submitted. */
  async function checkout() {
    const product = await merchant.test('/api/products', {
      method: 'POST',
      body: {
        name: 'Hoodie',
        prices: [{ currency_id: method.payment_currencies[0]!.id, unit_amount: '40000' }],
      },
    });
    const link = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: product.body.prices[0].id, quantity: 1 }] },
    });
    const buyer = await signedIn(server, TestWallet.random());
    const started = await buyer.request(`/api/checkout-sessions/start/${link.body.id}`, { method: 'POST' });
    const id = started.body.checkoutSession.id as string;
    const submit = () =>
      buyer.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: {
          customer_name: 'Ada',
          customer_email: 'ada@example.com',
          payment_method: method.id,
          payment_currency: method.payment_currencies[0]!.id,
        },
      });
    return { id, submit };
  }
  const demoPay = (id: string) =>
    cookieClient(server.url).request(PATH, { method: 'POST', body: { checkout_session_id: id } });

  it("sends an open payment exactly its amount at its address, once, on the stand-in's chain", async () => {
    const order = await checkout();
    const { paymentInstructions } = (await order.submit()).body;
    const paid = await demoPay(order.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ address: paymentInstructions.address, amount: '40000' });
    const utxos = await (await fetch(`${standin.url}/address/${paymentInstructions.address}/utxo`)).json();
    expect(utxos).toEqual([
      expect.objectContaining({
        txid: paid.body.txid,
        value: 40_000,
        status: expect.objectContaining({ confirmed: true }),
      }),
    ]);
    // A second click pays nothing more: the chain shows the payment already.
    const again = await demoPay(order.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TEST_BITCOIN_PAYMENT_SENT');
  });

  it('refuses a session that is not an open Bitcoin payment', async () => {
    const unknown = await demoPay('cs_test_nothing_here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CHECKOUT_SESSION_NOT_FOUND');
    // Not submitted yet: no method chosen, no address given.
    const order = await checkout();
    const early = await demoPay(order.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'TEST_BITCOIN_PAYMENT_NOT_OPEN', error: expect.any(String) });
    const bad = await cookieClient(server.url).request(PATH, { method: 'POST', body: {} });
    expect(bad.status).toBe(400);
  });
});

describe('without KIOSK_TEST_WALLET (production)', () => {
  it('has no demo Bitcoin wallet route', async () => {
    const server = await startTestServer('sqlite');
    try {
      expect(server.app.hasRoute({ method: 'POST', url: PATH })).toBe(false);
      const response = await cookieClient(server.url).request(PATH, {
        method: 'POST',
        body: { checkout_session_id: 'cs_test_x' },
      });
      expect(response.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
