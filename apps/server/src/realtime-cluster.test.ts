import { merchantOf, signedIn, startTestServer, type TestServer } from '@kiosk/testkit';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { postgresReachable } from '@kiosk/db/testing';
import { TestWallet } from '@kiosk/test-wallet';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: the buyer's page holds
 * its websocket on A, while B's job runner reads the chain and settles the payment. The page hears
 * `checkout.session.completed` on A all the same (the outbox's NOTIFY reaches every process).
 */
const RECEIVER = '0x6666666666666666666666666666666666666666' as Address;

describe.runIf(await postgresReachable())('realtime across server processes on PostgreSQL', () => {
  let chain: DevChain;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    chain = await startDevChain();
    a = await startTestServer('postgres');
    b = await startTestServer('postgres', { database: a.database });
    // Only B runs jobs: whatever settles the payment happens in B.
    await a.app.kiosk.jobs.stop();
  });
  afterAll(async () => {
    await b?.stop();
    await a?.close();
    await chain?.stop();
  });

  it("tells a page connected to A when B's job settles its payment", async () => {
    const holders = [new TestWallet({ index: 3 }).address];
    const token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders,
      amount: 1_000_000_000n,
    });
    const merchant = await merchantOf(b);
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
    const currency = method.payment_currencies[0].id;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Poster', prices: [{ currency_id: currency, unit_amount: '2500000' }] },
      })
    ).body;
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: product.prices[0].id }] },
      })
    ).body;

    // The buyer's page, served by A.
    const wallet = new TestWallet({ index: 3 });
    const page = await signedIn(a, wallet);
    const id = (await page.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body
      .checkoutSession.id;
    await page.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: method.id,
        payment_currency: currency,
      },
    });
    const socket = new WebSocket(`${a.url.replace('http', 'ws')}/api/realtime`);
    const heard: { type: string; topic: string; data: unknown }[] = [];
    socket.on('message', (raw) => heard.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', topic: `checkout:${id}` }));

    try {
      const tx = await wallet.transferToken({
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        token,
        to: RECEIVER,
        amount: 2_500_000n,
      });
      // Named through A; A runs no jobs, so B's runner checks the chain and settles it.
      expect(
        (await page.request(`/api/checkout-sessions/${id}/pay`, { method: 'POST', body: { tx_hash: tx } }))
          .status,
      ).toBe(202);
      for (let i = 0; i < 300 && !heard.some((m) => m.type === 'checkout.session.completed'); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toContainEqual({ type: 'subscribed', topic: `checkout:${id}` });
      expect(heard).toContainEqual({
        type: 'checkout.session.completed',
        topic: `checkout:${id}`,
        data: { id },
      });
      expect(heard).toContainEqual(
        expect.objectContaining({ type: 'invoice.paid', topic: `checkout:${id}` }),
      );
    } finally {
      socket.close();
    }
  });
});
