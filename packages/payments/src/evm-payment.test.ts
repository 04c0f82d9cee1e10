import { startDevChain, type DevChain } from '@kiosk/devchain';
import { canonicalJson } from '@kiosk/identity';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { verifyMessage, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Paying on a real local chain, and trying to cheat: the server alone decides that a payment
 * happened, from what the chain says.
 */

const RECEIVER = '0x9999999999999999999999999999999999999999' as Address;

describe.each(await testEngines())('EVM payments on a local chain, %s', (engine) => {
  let chain: DevChain;
  let otherChain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let token: Address;
  let otherToken: Address;
  let methodId: string;
  let tokenCurrency: string;
  let etherCurrency: string;
  let priceId: string;
  let buyerIndex = 1;

  beforeAll(async () => {
    chain = await startDevChain();
    otherChain = await startDevChain({ chainId: 1337 });
    const holders = Array.from({ length: 20 }, (_, index) => new TestWallet({ index }).address);
    token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders,
      amount: 1_000_000_000_000n,
    });
    otherToken = await chain.deployDemoToken({
      name: 'Other',
      symbol: 'OTH',
      decimals: 6,
      mintTo: holders,
      amount: 1_000_000_000_000n,
    });
    server = await startTestServer(engine, { env: { KIOSK_TEST_WALLET: 'true' } });
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
            { name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token },
            { name: 'Ether', symbol: 'ETH', decimal: 18 },
          ],
        },
      })
    ).body;
    methodId = method.id;
    [tokenCurrency, etherCurrency] = method.payment_currencies.map((c: { id: string }) => c.id);
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Poster',
          prices: [
            {
              currency_id: tokenCurrency,
              unit_amount: '2500000',
              currency_options: [{ currency_id: etherCurrency, unit_amount: '1000000000000000' }],
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
    await otherChain?.stop();
  });

  /** The next funded test account (1 to 19; 0 is kept for one test), round and round. */
  const nextBuyer = () => new TestWallet({ index: 1 + ((buyerIndex++ - 1) % 19) });

  /** A buyer (a funded test account) with a new submitted session. */
  async function submitted(currency = tokenCurrency) {
    const wallet = nextBuyer();
    const client = await signedIn(server, wallet);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId, quantity: 2 }] },
      })
    ).body;
    const id = (await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body
      .checkoutSession.id as string;
    const answer = await client.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: currency,
      },
    });
    expect(answer.status).toBe(200);
    return {
      wallet,
      client,
      id,
      instructions: answer.body.paymentInstructions as { amount: string; to: Address; token: Address | null },
    };
  }

  const pay = (
    wallet: TestWallet,
    to: Address,
    amount: bigint,
    tokenAddress: Address = token,
    on: DevChain = chain,
  ) => wallet.transferToken({ rpcUrl: on.rpcUrl, chainId: on.chainId, token: tokenAddress, to, amount });
  const claim = (client: Awaited<ReturnType<typeof signedIn>>, id: string, txHash: Hash) =>
    client.request(`/api/checkout-sessions/${id}/pay`, { method: 'POST', body: { tx_hash: txHash } });

  /**
   * Waits for the verify job to reach a verdict: paid, or a payment error. A stranger's read of the
   * session waits for it; the paid intent is read as the merchant, who sees who paid and how.
   */
  async function outcome(id: string) {
    const viewer = cookieClient(server.url);
    for (let i = 0; i < 200; i++) {
      const { checkoutSession, paymentIntent } = (
        await viewer.request(`/api/checkout-sessions/retrieve/${id}`)
      ).body;
      if (checkoutSession.payment_status === 'paid') {
        const merchantView = (await merchant.test(`/api/payment-intents/${paymentIntent.id}`)).body;
        return { paid: true as const, checkoutSession, paymentIntent: merchantView };
      }
      if (paymentIntent?.last_payment_error)
        return {
          paid: false as const,
          error: paymentIntent.last_payment_error.code as string,
          paymentIntent,
        };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no verdict');
  }
  const chargesOf = async (intentId: string) =>
    (await merchant.test(`/api/charges?payment_intent_id=${intentId}`)).body.list as any[];
  const invoiceOf = (id: string) =>
    server.app.kiosk.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('checkout_session_id', '=', id)
      .executeTakeFirstOrThrow();

  it('pays an ERC-20 price exactly once: intent, invoice, session, stock and events', async () => {
    const { wallet, client, id, instructions } = await submitted();
    expect(instructions).toMatchObject({ to: RECEIVER, amount: '5000000' });
    const before = await chain.publicClient.readContract({
      address: token,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ type: 'address' }],
          outputs: [{ type: 'uint256' }],
        },
      ],
      functionName: 'balanceOf',
      args: [RECEIVER],
    });
    const tx = await pay(wallet, RECEIVER, 5_000_000n);
    expect((await claim(client, id, tx)).status).toBe(202);
    const result = await outcome(id);
    expect(result.paid).toBe(true);
    expect(result.paymentIntent).toMatchObject({
      status: 'succeeded',
      amount_received: '5000000',
      payment_details: { evm: { tx_hash: tx, payer: wallet.address } },
    });
    expect(await chargesOf(result.paymentIntent.id)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        reference: tx,
        amount: '5000000',
        amount_refundable: '0',
      }),
    ]);
    expect((await invoiceOf(id)).status).toBe('paid');
    const after = await chain.publicClient.readContract({
      address: token,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ type: 'address' }],
          outputs: [{ type: 'uint256' }],
        },
      ],
      functionName: 'balanceOf',
      args: [RECEIVER],
    });
    expect(after - before).toBe(5_000_000n);
    const sold = await server.app.kiosk.database.db
      .selectFrom('prices')
      .select('quantity_sold')
      .where('id', '=', priceId)
      .executeTakeFirstOrThrow();
    expect(Number(sold.quantity_sold)).toBeGreaterThanOrEqual(2);
    const events = await server.app.kiosk.database.db
      .selectFrom('events')
      .select('type')
      .where('object_id', '=', id)
      .execute();
    expect(events.filter((e) => e.type === 'checkout.session.completed')).toHaveLength(1);
  });

  it('pays in the native coin', async () => {
    const { wallet, client, id } = await submitted(etherCurrency);
    const tx = await wallet.sendNative({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      to: RECEIVER,
      value: 2_000_000_000_000_000n,
    });
    await claim(client, id, tx);
    expect((await outcome(id)).paid).toBe(true);
  });

  it('refuses a transfer to another address', async () => {
    const { wallet, client, id } = await submitted();
    await claim(client, id, await pay(wallet, '0x8888888888888888888888888888888888888888', 5_000_000n));
    expect(await outcome(id)).toMatchObject({ paid: false, error: 'WRONG_RECIPIENT' });
  });

  it('keeps waiting after a smaller amount, and pays on a later full transfer', async () => {
    const { wallet, client, id } = await submitted();
    await claim(client, id, await pay(wallet, RECEIVER, 4_999_999n));
    expect(await outcome(id)).toMatchObject({ paid: false, error: 'UNDERPAID' });
    await claim(client, id, await pay(wallet, RECEIVER, 5_000_000n));
    expect((await outcome(id)).paid).toBe(true);
  });

  it('pays an over-payment and records the excess', async () => {
    const { wallet, client, id } = await submitted();
    await claim(client, id, await pay(wallet, RECEIVER, 6_000_000n));
    const result = await outcome(id);
    expect(result.paid).toBe(true);
    expect(await chargesOf(result.paymentIntent.id)).toEqual([
      expect.objectContaining({ amount: '6000000', amount_refundable: '1000000', refund_reason: 'overpaid' }),
    ]);
  });

  it('refuses another token', async () => {
    const { wallet, client, id } = await submitted();
    await claim(client, id, await pay(wallet, RECEIVER, 5_000_000n, otherToken));
    expect(await outcome(id)).toMatchObject({ paid: false, error: 'WRONG_TOKEN' });
  });

  it('refuses a transaction hash that already paid', async () => {
    const first = await submitted();
    const tx = await pay(first.wallet, RECEIVER, 5_000_000n);
    await claim(first.client, first.id, tx);
    expect((await outcome(first.id)).paid).toBe(true);
    // The same buyer claims the same transfer for a second session.
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId, quantity: 2 }] },
      })
    ).body;
    const second = (await first.client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' }))
      .body.checkoutSession.id;
    await first.client.request(`/api/checkout-sessions/${second}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: tokenCurrency,
      },
    });
    await claim(first.client, second, tx);
    expect(await outcome(second)).toMatchObject({ paid: false, error: 'TX_ALREADY_USED' });
  });

  it('refuses a transfer on another chain', async () => {
    const { wallet, client, id } = await submitted();
    const foreignToken = await otherChain.deployDemoToken({
      name: 'X',
      symbol: 'X',
      decimals: 6,
      mintTo: [wallet.address],
      amount: 10_000_000n,
    });
    const tx = await pay(wallet, RECEIVER, 5_000_000n, foreignToken, otherChain);
    await claim(client, id, tx);
    // The method's chain has no such transaction: it never pays, and gives up in time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`)).body.checkoutSession
        .payment_status,
    ).toBe('unpaid');
  });

  it("refuses someone else's transfer claimed as one's own", async () => {
    const victim = await submitted();
    const thief = await submitted();
    const tx = await pay(victim.wallet, RECEIVER, 5_000_000n);
    await claim(thief.client, thief.id, tx);
    expect(await outcome(thief.id)).toMatchObject({ paid: false, error: 'WRONG_PAYER' });
    await claim(victim.client, victim.id, tx);
    expect((await outcome(victim.id)).paid).toBe(true);
  });

  it('never marks a session paid on the client word alone', async () => {
    const { client, id } = await submitted();
    const madeUp = `0x${'ab'.repeat(32)}` as Hash;
    expect((await claim(client, id, madeUp)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { checkoutSession, paymentIntent } = (
      await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`)
    ).body;
    expect(checkoutSession.payment_status).toBe('unpaid');
    expect(paymentIntent.status).not.toBe('succeeded');
    // Nor can another signed-in user claim for this session.
    const stranger = await signedIn(server, TestWallet.random());
    expect((await claim(stranger, id, madeUp)).status).toBe(403);
  });

  it('pays once when the same transfer is claimed many times at once', async () => {
    const { wallet, client, id } = await submitted();
    const tx = await pay(wallet, RECEIVER, 5_000_000n);
    await Promise.all(Array.from({ length: 5 }, () => claim(client, id, tx)));
    expect((await outcome(id)).paid).toBe(true);
    const uses = await server.app.kiosk.database.db
      .selectFrom('payment_references')
      .select('charge_id')
      .where('reference', '=', tx.toLowerCase())
      .execute();
    expect(uses).toHaveLength(1);
    const paidEvents = await server.app.kiosk.database.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'invoice.paid')
      .where('object_id', '=', (await invoiceOf(id)).id)
      .execute();
    expect(paidEvents).toHaveLength(1);
  });

  const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
  /** The checkout page opens a `payment` connect session for its signed-in buyer. */
  const openPayment = (id: string, sessionUserDid: string) =>
    cookieClient(server.url).request('/api/did/payment/token', {
      method: 'POST',
      body: { params: { checkoutSessionId: id, sessionUserDid } },
    });
  const connectStatus = (opened: { token: string; secret: string }) =>
    cookieClient(server.url).request(`/api/did/payment/status?_t_=${opened.token}&secret=${opened.secret}`);
  const answer = (authUrl: string, body: unknown) =>
    fetch(authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

  it("the demo's test wallet pays a submitted session through a payment connect session", async () => {
    const { wallet, id } = await submitted();
    const opened = (await openPayment(id, didOf(wallet))).body;
    const approved = await cookieClient(server.url).request('/api/test-wallet/connect', {
      method: 'POST',
      body: { token: opened.token },
    });
    expect(approved.status).toBe(200);
    // It answers as the buyer's own test account, not the default one.
    expect(approved.body.address).toBe(wallet.address);
    expect((await connectStatus(opened)).body).toMatchObject({ status: 'succeeded', did: didOf(wallet) });
    const result = await outcome(id);
    expect(result.paid).toBe(true);
    expect(result.paymentIntent).toMatchObject({ status: 'succeeded', amount_received: '5000000' });
  });

  it("a phone wallet is shown the session's current transfer, pays it and names it", async () => {
    const { wallet, client, id } = await submitted();
    const opened = (await openPayment(id, didOf(wallet))).body;
    // The buyer switches to Ether after the code was shown: the wallet is asked for that.
    await client.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: etherCurrency,
      },
    });
    const request = await wallet.fetchConnectRequest(opened.auth_url);
    expect(request).toMatchObject({ action: 'payment', params: { checkoutSessionId: id } });
    expect(request.payment).toEqual({
      type: 'evm_transfer',
      checkout_session_id: id,
      payer: wallet.address.toLowerCase(),
      chain_id: chain.chainId,
      to: RECEIVER,
      token: null,
      amount: '2000000000000000',
      currency_id: etherCurrency,
      symbol: 'ETH',
      decimal: 18,
    });
    expect((await connectStatus(opened)).body.status).toBe('scanned');

    // An answer without a transaction, or through another action's path, proves nothing: the session
    // stays answerable.
    const signed = await wallet.signSiwe(request.siwe);
    const bare = await answer(opened.auth_url, signed);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.tx_hash', message: 'Must be a 0x-prefixed transaction hash of 64 hex digits' }],
    });
    const sideways = await answer(opened.auth_url.replace('/payment/', '/login/'), signed);
    expect(sideways.status).toBe(404);
    expect((await connectStatus(opened)).body.status).toBe('scanned');

    const approved = await wallet.approveConnect(opened.auth_url, {
      rpcUrls: { [chain.chainId]: chain.rpcUrl },
    });
    expect(approved).toMatchObject({ status: 200, body: { status: 'succeeded', did: didOf(wallet) } });
    const result = await outcome(id);
    expect(result.paid).toBe(true);
    expect(result.paymentIntent).toMatchObject({
      currency_id: etherCurrency,
      amount_received: '2000000000000000',
    });
  });

  it("signs a payment session's wallet request, the transfer it asks for included", async () => {
    const { wallet, id } = await submitted();
    const opened = (await openPayment(id, didOf(wallet))).body;
    const { app_signature, ...signedPart } = await wallet.fetchConnectRequest(opened.auth_url);
    const app = (await cookieClient(server.url).request('/api/did/app')).body;
    const address = app.did.split(':').pop() as Address;
    const verifies = (part: object) =>
      verifyMessage({ address, message: canonicalJson(part), signature: app_signature });
    expect(signedPart.payment?.amount).toBe('5000000');
    expect(await verifies(signedPart)).toBe(true);
    expect(await verifies({ ...signedPart, payment: { ...signedPart.payment, to: wallet.address } })).toBe(
      false,
    );
  });

  it("refuses another account's wallet with PAYER_MISMATCH and leaves the session unpaid", async () => {
    const { wallet, id } = await submitted();
    const opened = (await openPayment(id, didOf(wallet))).body;
    const stranger = TestWallet.random();
    const request = await stranger.fetchConnectRequest(opened.auth_url);
    const refused = await answer(opened.auth_url, {
      ...(await stranger.signSiwe(request.siwe)),
      tx_hash: `0x${'cd'.repeat(32)}`,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PAYER_MISMATCH',
      error: 'This wallet is not the account that placed the order',
    });
    expect((await connectStatus(opened)).body).toMatchObject({ status: 'failed', error: 'PAYER_MISMATCH' });
    const { checkoutSession, paymentIntent } = (
      await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`)
    ).body;
    expect(checkoutSession.payment_status).toBe('unpaid');
    expect(paymentIntent.status).toBe('requires_action');
  });

  it('a wallet holding another account refuses to pay, and sends nothing', async () => {
    const { wallet, id } = await submitted();
    const opened = (await openPayment(id, didOf(wallet))).body;
    const stranger = nextBuyer();
    const balance = () => stranger.balanceOf({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, token });
    const before = await balance();
    await expect(
      stranger.approveConnect(opened.auth_url, { rpcUrls: { [chain.chainId]: chain.rpcUrl } }),
    ).rejects.toThrow(/must come from/);
    expect(await balance()).toBe(before);
    expect((await connectStatus(opened)).body.status).toBe('scanned');
  });

  it('opens no second payment while a named transfer is being checked', async () => {
    const { wallet, client, id } = await submitted();
    // A transfer the chain has not seen yet keeps the intent in processing.
    expect((await claim(client, id, `0x${'ef'.repeat(32)}` as Hash)).status).toBe(202);
    const refused = await openPayment(id, didOf(wallet));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'PAYMENT_IN_PROGRESS',
      error: 'A payment for this order is being confirmed; please wait for it',
    });
  });

  it('records a second transfer that arrives after the session is paid, for the merchant to return', async () => {
    const { wallet, client, id } = await submitted();
    const first = await pay(wallet, RECEIVER, 5_000_000n);
    const second = await pay(wallet, RECEIVER, 5_000_000n);
    // Both named while unpaid (two wallets, one buyer): one pays, the other must not vanish.
    const claims = await Promise.all([claim(client, id, first), claim(client, id, second)]);
    expect(claims.map((c) => c.status)).toEqual([202, 202]);
    const paid = await outcome(id);
    expect(paid.paid).toBe(true);
    let charges: any[] = [];
    for (
      let i = 0;
      i < 200 && !(charges.length === 2 && charges.every((c) => c.status === 'succeeded'));
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      charges = await chargesOf(paid.paymentIntent.id);
    }
    const paying = paid.paymentIntent.payment_details.evm.tx_hash;
    expect(charges.map((c) => [c.reference, c.amount_refundable, c.refund_reason]).sort()).toEqual(
      [
        [paying, '0', null],
        [paying === first ? second : first, '5000000', 'already_paid'],
      ].sort(),
    );
    const refundable = (
      await merchant.test(`/api/charges?refundable=1&payment_intent_id=${paid.paymentIntent.id}`)
    ).body;
    expect(refundable.count).toBe(1);
    expect((await invoiceOf(id)).amount_paid).toBe('5000000');
  });

  it('the test wallet answers a session that can no longer be paid with its code', async () => {
    const { wallet, client, id } = await submitted();
    const opened = (await openPayment(id, didOf(wallet))).body;
    await claim(client, id, await pay(wallet, RECEIVER, 5_000_000n));
    expect((await outcome(id)).paid).toBe(true);
    const refused = await cookieClient(server.url).request('/api/test-wallet/connect', {
      method: 'POST',
      body: { token: opened.token },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CHECKOUT_ALREADY_PAID');
  });

  it('opens a payment session only for a submitted, unpaid session of the buyer it names', async () => {
    const buyer = new TestWallet({ index: 0 });
    const client = await signedIn(server, buyer);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId, quantity: 1 }] },
      })
    ).body;
    const started = (await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' }))
      .body;
    const unsubmitted = await openPayment(started.checkoutSession.id, didOf(buyer));
    expect(unsubmitted.status).toBe(409);
    expect(unsubmitted.body.code).toBe('CHECKOUT_NOT_SUBMITTED');
    expect((await openPayment('cs_nosuchsession1', didOf(buyer))).body.code).toBe(
      'CHECKOUT_SESSION_NOT_FOUND',
    );
    const malformed = await openPayment('plink_123', 'me');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details.map((d: { path: string }) => d.path)).toEqual([
      'body.params.checkoutSessionId',
      'body.params.sessionUserDid',
    ]);

    const { wallet, client: payer, id } = await submitted();
    expect((await openPayment(id, didOf(TestWallet.random()))).status).toBe(403);
    await claim(payer, id, await pay(wallet, RECEIVER, 5_000_000n));
    expect((await outcome(id)).paid).toBe(true);
    const paid = await openPayment(id, didOf(wallet));
    expect(paid.status).toBe(409);
    expect(paid.body.code).toBe('CHECKOUT_ALREADY_PAID');
  });

  it('waits for the confirmations the method asks for', async () => {
    await merchant.test(`/api/payment-methods/${methodId}`, {
      method: 'PUT',
      body: {
        settings: {
          chain_id: chain.chainId,
          api_host: chain.rpcUrl,
          confirmation: 3,
          receiving_address: RECEIVER,
        },
      },
    });
    try {
      const { wallet, client, id } = await submitted();
      await claim(client, id, await pay(wallet, RECEIVER, 5_000_000n));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`)).body.checkoutSession
          .payment_status,
      ).toBe('unpaid');
      await chain.mine(2);
      expect((await outcome(id)).paid).toBe(true);
    } finally {
      await merchant.test(`/api/payment-methods/${methodId}`, {
        method: 'PUT',
        body: {
          settings: {
            chain_id: chain.chainId,
            api_host: chain.rpcUrl,
            confirmation: 1,
            receiving_address: RECEIVER,
          },
        },
      });
    }
  });
});
