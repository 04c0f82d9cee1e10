import { startDevChain, type DevChain } from '@kiosk/devchain';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Refunds on an EVM chain (issue 23 item 2), where the server holds no merchant key: a refund is made
 * pending with the transfer the merchant must send, and succeeds only once the transfer they name is
 * read on chain (to the payer, in full, confirmed twice). Through the real server on both engines,
 * with a local chain.
 */
describe.each(await testEngines())('EVM refunds on %s', (engine) => {
  let chain: DevChain;
  let server: TestServer;
  let clock: TestClock;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let evm: { id: string; eth: string };
  const buyer = new TestWallet({ index: 3 });
  // The merchant's own wallet, which the server never holds.
  const merchantWallet = new TestWallet({ index: 4 });
  const stranger = new TestWallet({ index: 5 });

  beforeAll(async () => {
    chain = await startDevChain();
    const block = await chain.publicClient.getBlock({ blockTag: 'latest' });
    clock = new TestClock((Number(block.timestamp) + 10) * 1000);
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
            confirmation: 2,
            receiving_address: RECEIVER,
          },
          currencies: [{ name: 'Ether', symbol: 'ETH', decimal: 18 }],
        },
      })
    ).body;
    evm = { id: method.id, eth: method.payment_currencies[0].id };
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const db = () => server.app.kiosk.database.db as Kysely<any>;
  const at = () => ({ rpcUrl: chain.rpcUrl, chainId: chain.chainId });
  const refund = (body: Record<string, unknown>) => merchant.test('/api/refunds', { method: 'POST', body });
  const transfer = (id: string, reference: string) =>
    merchant.test(`/api/refunds/${id}/transfer`, { method: 'POST', body: { reference } });
  const chargeOf = async (id: string) => (await merchant.test(`/api/charges/${id}`)).body;
  const eventTypes = async (objectId: string) =>
    (
      await db().selectFrom('events').select('type').where('object_id', '=', objectId).orderBy('id').execute()
    ).map((e) => e.type as string);

  /** A payment of 0.001 ETH by the buyer, sent, confirmed and recorded: its charge. */
  async function paidCharge() {
    const product = await merchant.test('/api/products', {
      method: 'POST',
      body: { name: 'Print', prices: [{ currency_id: evm.eth, unit_amount: PAID.toString() }] },
    });
    const link = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: product.body.prices[0].id, quantity: 1 }] },
    });
    const session = (
      await cookieClient(server.url).request(`/api/checkout-sessions/start/${link.body.id}`, {
        method: 'POST',
        headers: { 'user-agent': Math.random().toString() },
      })
    ).body.checkoutSession.id as string;
    const client = await signedIn(server, buyer);
    const submitted = await client.request(`/api/checkout-sessions/${session}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: evm.id,
        payment_currency: evm.eth,
      },
    });
    expect(submitted.status).toBe(200);
    const tx = await buyer.sendNative({ ...at(), to: RECEIVER, value: PAID });
    await chain.mine(1);
    const named = await client.request(`/api/checkout-sessions/${session}/pay`, {
      method: 'POST',
      body: { tx_hash: tx },
    });
    expect(named.status).toBe(202);
    const intentId = submitted.body.paymentIntent.id as string;
    for (let i = 0; i < 400; i++) {
      const [charge] = (await merchant.test(`/api/charges?payment_intent_id=${intentId}`)).body.list;
      if (charge?.status === 'succeeded') return charge as { id: string; payer: string };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the payment was not recorded');
  }

  it('is pending with the transfer to send, reserves its amount, and succeeds only once the transfer is read on chain', async () => {
    const charge = await paidCharge();
    const half = await refund({
      charge_id: charge.id,
      amount: (PAID / 2n).toString(),
      reason: 'requested_by_customer',
    });
    expect(half.status).toBe(201);
    expect(half.body).toMatchObject({
      status: 'pending',
      transfer_reference: null,
      next_action: {
        type: 'send_transfer',
        transfer: {
          type: 'evm_transfer',
          chain_id: String(chain.chainId),
          to: buyer.address,
          token: '',
          amount: (PAID / 2n).toString(),
          symbol: 'ETH',
        },
      },
    });
    // Its half is reserved: more than the other half is refused.
    const tooMuch = await refund({ charge_id: charge.id, amount: (PAID / 2n + 1n).toString() });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([400, 'REFUND_EXCEEDS_PAYMENT']);

    // Transfers that do not refund it change nothing and say why.
    const unknown = await transfer(half.body.id, `0x${'ab'.repeat(32)}`);
    expect([unknown.status, unknown.body.code]).toEqual([400, 'REFUND_TRANSFER_REJECTED']);
    const elsewhere = await merchantWallet.sendNative({ ...at(), to: stranger.address, value: PAID / 2n });
    const wrongPayee = await transfer(half.body.id, elsewhere);
    expect([wrongPayee.status, wrongPayee.body.code]).toEqual([400, 'REFUND_TRANSFER_REJECTED']);
    const short = await merchantWallet.sendNative({ ...at(), to: buyer.address, value: PAID / 2n - 1n });
    expect((await transfer(half.body.id, short)).body.code).toBe('REFUND_TRANSFER_REJECTED');
    const malformed = await transfer(half.body.id, 'not a hash');
    expect([malformed.status, malformed.body.details[0].path]).toEqual([400, 'body.reference']);
    expect((await merchant.test(`/api/refunds/${half.body.id}`)).body).toMatchObject({
      status: 'pending',
      transfer_reference: null,
    });

    // The merchant sends it. Sent and not named, or named before its second confirmation, is not paid.
    const sent = await merchantWallet.sendNative({ ...at(), to: buyer.address, value: PAID / 2n });
    expect((await merchant.test(`/api/refunds/${half.body.id}`)).body.status).toBe('pending');
    const early = await transfer(half.body.id, sent);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({
      status: 'pending',
      transfer_reference: sent.toLowerCase(),
      next_action: null,
    });
    expect((await chargeOf(charge.id)).amount_refunded).toBe('0');

    await chain.mine(1);
    // Named twice at once once confirmed: it succeeds once, and the charge counts it once.
    const [a, b] = await Promise.all([transfer(half.body.id, sent), transfer(half.body.id, sent)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.status, b.body.status]).toEqual(['succeeded', 'succeeded']);
    expect((await chargeOf(charge.id)).amount_refunded).toBe((PAID / 2n).toString());
    expect(await eventTypes(half.body.id)).toEqual(['refund.created', 'refund.updated', 'refund.succeeded']);

    // One transfer makes one refund: the other half cannot be made with it.
    const rest = await refund({ charge_id: charge.id });
    expect(rest.body.amount).toBe((PAID / 2n).toString());
    const reused = await transfer(rest.body.id, sent);
    expect([reused.status, reused.body.code]).toEqual([409, 'REFUND_TRANSFER_USED']);
    // Given up, its half is free again.
    const canceled = await merchant.test(`/api/refunds/${rest.body.id}/cancel`, { method: 'POST' });
    expect(canceled.body).toMatchObject({ status: 'canceled', next_action: null });
    expect(await eventTypes(rest.body.id)).toEqual(['refund.created', 'refund.canceled']);
    const again = await refund({ charge_id: charge.id });
    expect([again.status, again.body.amount]).toEqual([201, (PAID / 2n).toString()]);
    const late = await transfer(rest.body.id, sent);
    expect([late.status, late.body.code]).toEqual([409, 'REFUND_NOT_AWAITING_TRANSFER']);
  });

  it('a refund whose transfer was named cannot be canceled, nor named with another transfer', async () => {
    const charge = await paidCharge();
    const whole = await refund({ charge_id: charge.id });
    const sent = await merchantWallet.sendNative({ ...at(), to: buyer.address, value: PAID });
    expect((await transfer(whole.body.id, sent)).body.status).toBe('pending');
    const other = await merchantWallet.sendNative({ ...at(), to: buyer.address, value: PAID });
    const renamed = await transfer(whole.body.id, other);
    expect([renamed.status, renamed.body.code]).toEqual([409, 'REFUND_TRANSFER_NAMED']);
    const cancel = await merchant.test(`/api/refunds/${whole.body.id}/cancel`, { method: 'POST' });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'REFUND_NOT_CANCELABLE']);
    const missing = await transfer('refund_nope', sent);
    expect([missing.status, missing.body.code]).toEqual([404, 'REFUND_NOT_FOUND']);

    // Once confirmed, the refund sweep reads it again by itself: the merchant need not name it twice.
    await chain.mine(1);
    clock.advance({ seconds: 61 });
    for (let i = 0; i < 400; i++) {
      if ((await merchant.test(`/api/refunds/${whole.body.id}`)).body.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await merchant.test(`/api/refunds/${whole.body.id}`)).body).toMatchObject({
      status: 'succeeded',
      payment_details: { evm: { tx_hash: sent, amount: PAID.toString() } },
    });
    expect((await chargeOf(charge.id)).amount_refunded).toBe(PAID.toString());
  });
});

const PAID = 1_000_000_000_000_000n;
const RECEIVER = '0x9999999999999999999999999999999999999999' as Address;
