import { startDevChainForDemo, type DemoDevChain } from '@kiosk/devchain';
import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokenAddress, seedDemo, type DemoSummary } from './seed.ts';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';

describe.each(await testEngines())('the demo store on %s', (engine) => {
  let chain: DemoDevChain;
  let server: TestServer;
  let summary: DemoSummary | undefined;

  beforeAll(async () => {
    chain = await startDevChainForDemo();
    server = await startTestServer(engine, { env: { KIOSK_TEST_WALLET: 'true' } });
    summary = await seedDemo(server.app, chain);
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  it('puts the demo token where the seed expects it, and seeds once', async () => {
    expect(chain.demoToken.address.toLowerCase()).toBe(demoTokenAddress().toLowerCase());
    expect(summary?.links.map((l) => l.name)).toEqual(['Kiosk T-shirt', 'Sticker pack', 'Tip jar']);
    expect(summary?.apiKey).toMatch(/^sk_test_/);
    expect(await seedDemo(server.app, chain)).toBeUndefined();
  });

  it('sells a T-shirt to a test-wallet buyer on the local chain', async () => {
    const wallet = new TestWallet({ index: 1 });
    const buyer = await signedIn(server, wallet);
    const link = summary!.links[0]!;
    const started = (await buyer.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body;
    const method = started.paymentMethods[0];
    const submit = (details: Record<string, unknown>) =>
      buyer.request(`/api/checkout-sessions/${started.checkoutSession.id}/submit`, {
        method: 'PUT',
        body: {
          customer_name: 'Demo Buyer',
          customer_email: 'buyer@example.com',
          payment_method: method.id,
          payment_currency: method.payment_currencies[0].id,
          ...details,
        },
      });
    // A shirt is shipped: the link asks for a phone and a billing address.
    const bare = await submit({});
    expect(bare.status).toBe(400);
    expect(bare.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.customer_phone', 'body.billing_address.line1']),
    );
    const submitted = await submit({
      customer_phone: '+1 415 555 2671',
      billing_address: {
        country: 'US',
        state: 'CA',
        city: 'San Francisco',
        line1: '1 Market St',
        postal_code: '94105',
      },
    });
    expect(submitted.body.paymentInstructions).toMatchObject({ amount: '25000000', symbol: 'KDT' });
    // The page asks the buyer's wallet to pay; the demo's test wallet answers for it.
    const { token } = (
      await buyer.request('/api/did/payment/token', {
        method: 'POST',
        body: {
          params: {
            checkoutSessionId: started.checkoutSession.id,
            sessionUserDid: `did:pkh:eip155:1:${wallet.address.toLowerCase()}`,
          },
        },
      })
    ).body;
    expect(
      (await buyer.request('/api/test-wallet/connect', { method: 'POST', body: { token } })).status,
    ).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await cookieClient(server.url).request(
              `/api/checkout-sessions/retrieve/${started.checkoutSession.id}`,
            )
          ).body.checkoutSession.status,
        {
          timeout: 10_000,
        },
      )
      .toBe('complete');
  });
});
