import {
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import type { KioskEvent } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsApi, PaymentsEvents } from './api.ts';
import { payAsVerified } from './test-support/settle.ts';

/**
 * Another module (the store, later) sells through Kiosk Pay's interface, in process: it makes a
 * product, a price and a checkout session on its own behalf, and hears the sale as a typed event,
 * delivered again when its handler fails.
 */
describe.each(await testEngines())("Kiosk Pay's interface for other modules on %s", (engine) => {
  let server: TestServer;
  let payments: PaymentsApi;
  const completed: KioskEvent<PaymentsEvents['checkout.session.completed']>[] = [];
  const paid: KioskEvent<PaymentsEvents['invoice.paid']>[] = [];
  let failuresLeft = 1;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      prepare(app) {
        payments = app.kiosk.modules.payments!;
        payments.on('test-store.grant', 'checkout.session.completed', async (event) => {
          if (failuresLeft-- > 0) throw new Error('the store was down for a moment');
          completed.push(event);
        });
        payments.on('test-store.receipts', 'invoice.paid', async (event) => void paid.push(event));
      },
    });
  });
  afterAll(() => server?.close());

  it('sells an item made through the interface and tells the module once it is paid', async () => {
    const merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    const currency = method.payment_currencies[0].id;
    const product = await payments.createProduct(false, {
      name: 'An app',
      metadata: { app: 'did:abt:z1app' },
    });
    const price = await payments.createPrice(false, {
      product_id: product.id,
      currency_id: currency,
      unit_amount: '3000000',
    });
    const session = await payments.createCheckoutSession(false, {
      line_items: [{ price_id: price.id }],
      metadata: { purchase: 'pur_1' },
    });
    expect(session).toMatchObject({ livemode: false, status: 'open', amount_total: '3000000' });
    expect(await payments.getCheckoutSession(session.id)).toMatchObject({ id: session.id });
    expect(await payments.getCheckoutSession('cs_nosuchsession1')).toBeUndefined();

    const wallet = TestWallet.random();
    const buyer = await signedIn(server, wallet);
    await buyer.request(`/api/checkout-sessions/${session.id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: method.id,
        payment_currency: currency,
      },
    });
    await payAsVerified(server, buyer, session.id, { amount: 3_000_000n, payer: wallet.address });

    for (let i = 0; i < 300 && (completed.length === 0 || paid.length === 0); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      type: 'checkout.session.completed',
      object_type: 'checkout.session',
      object_id: session.id,
      data: { status: 'complete', payment_status: 'paid', metadata: { purchase: 'pur_1' } },
    });
    expect(paid[0]!.data).toMatchObject({
      status: 'paid',
      checkout_session_id: session.id,
      amount_paid: '3000000',
    });
    expect(await payments.getInvoice(paid[0]!.object_id)).toMatchObject({ status: 'paid' });
  });
});
