import { request as httpRequest } from 'node:http';
import { ApiError, createKioskClient, type PreparedCall, type RouteName } from '@kiosk/sdk';
import { evmMethodBody, merchantOf, startTestServer, type TestServer } from '@kiosk/testkit';
import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/**
 * The SDK as a host's back end and its embedded page use it, against the real server: a buyer the
 * host vouches for (an authToken) starts, edits and submits a checkout through typed calls, and a
 * refusal arrives as an ApiError with the server's code and a message in the caller's language.
 */
describe('the Kiosk SDK', () => {
  let server: TestServer;
  let linkId: string;
  let methodId: string;
  let currencyId: string;
  let authToken: string;
  let testKey: string;
  const buyer = TestWallet.random();

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const merchant = await merchantOf(server);
    testKey = merchant.testKey;
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    methodId = method.id;
    currencyId = method.payment_currencies[0].id;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Poster', prices: [{ currency_id: currencyId, unit_amount: '2500000' }] },
      })
    ).body;
    linkId = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: product.prices[0].id }] },
      })
    ).body.id;
    authToken = (
      await merchant.test('/api/auth-tokens', { method: 'POST', body: { customer_did: buyer.did } })
    ).body.token;
  });
  afterAll(() => server?.close());

  it('runs a checkout for a buyer the host vouches for, each answer typed by its route', async () => {
    const kiosk = createKioskClient({ baseUrl: server.url, params: () => ({ livemode: false, authToken }) });
    expect(kiosk.crossOrigin).toBe(true);

    const started = await kiosk.call('POST /api/checkout-sessions/start/:id', { params: { id: linkId } });
    const id = started.checkoutSession.id;
    expect(started.checkoutSession).toMatchObject({ status: 'open', amount_total: '2500000' });

    const read = await kiosk.call('GET /api/checkout-sessions/retrieve/:id', { params: { id } });
    expect(read.checkoutSession.id).toBe(id);

    const submitted = await kiosk.call('PUT /api/checkout-sessions/:id/submit', {
      params: { id },
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: currencyId,
      },
    });
    expect(submitted.paymentInstructions).toMatchObject({ type: 'evm_transfer', amount: '2500000' });
    expect(submitted.customer?.did).toBe(buyer.did);

    const me = await kiosk.call('GET /api/customers/me', { query: { skipSummary: true } });
    expect(me).toMatchObject({ did: buyer.did, name: 'Ada', email: 'ada@example.com' });
  });

  it("opens the realtime socket as the buyer, so a host's page may follow its customer", async () => {
    const kiosk = createKioskClient({ baseUrl: server.url, params: () => ({ authToken }) });
    const me = await kiosk.call('GET /api/customers/me', { query: { skipSummary: true } });
    const socket = new WebSocket(kiosk.realtimeUrl());
    const answer = new Promise((resolve) =>
      socket.once('message', (raw) => resolve(JSON.parse(String(raw)))),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', topic: `customer:${me.id}` }));
    try {
      expect(await answer).toEqual({ type: 'subscribed', topic: `customer:${me.id}` });
    } finally {
      socket.close();
    }
  });

  it('answers a 204 as nothing and fills path parameters safely', async () => {
    const kiosk = createKioskClient({ baseUrl: server.url });
    await expect(kiosk.call('POST /api/auth/logout')).resolves.toBeUndefined();
    // A slash inside a parameter stays inside it: the server looks for that id, not another route.
    await expect(
      kiosk.call('GET /api/checkout-sessions/retrieve/:id', { params: { id: 'cs_x/../../session' } }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it("throws the server's refusal as an ApiError, in the caller's language", async () => {
    const kiosk = createKioskClient({ baseUrl: server.url, params: () => ({ locale: 'zh' }) });
    const refusal = await kiosk
      .call('GET /api/checkout-sessions/retrieve/:id', { params: { id: 'cs_nosuchsession1' } })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, code: 'CHECKOUT_SESSION_NOT_FOUND' });
    expect((refusal as ApiError).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('prepares a call whose body its caller sends, and reads the answer as a call would', async () => {
    const kiosk = createKioskClient({
      baseUrl: server.url,
      apiKey: testKey,
      params: () => ({ locale: 'zh', livemode: false }),
    });
    // A raw upload's request: the contract's path and query, the common parameters and the key.
    const upload = kiosk.prepare('POST /api/developer/apps/upload', {
      query: { name: 'tide-tables', version: '1.0.0', request_review: '1' },
    });
    const url = new URL(upload.url);
    expect([upload.method, `${url.origin}${url.pathname}`]).toEqual([
      'POST',
      `${server.url}/api/developer/apps/upload`,
    ]);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      name: 'tide-tables',
      version: '1.0.0',
      request_review: '1',
      locale: 'zh',
      livemode: 'false',
    });
    expect(upload.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${testKey}` });

    // A body sent in pieces by Node's own client, on the prepared address with the prepared headers.
    const create = kiosk.prepare('POST /api/products');
    const product = create.answer(...(await sendItself(create, ['{"name":', '"Tote"}'])));
    expect(product).toMatchObject({ name: 'Tote', livemode: false });
    expect(product.id).toMatch(/^prod_/);

    const refused = await sendItself(create, ['{"name":', '""}']);
    let refusal: unknown;
    try {
      create.answer(...refused);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((refusal as ApiError).details.map((detail) => detail.path)).toEqual(['body.name']);
    expect((refusal as ApiError).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('needs a base URL outside a browser', () => {
    expect(() => createKioskClient()).toThrow(/baseUrl is required/);
  });
});

/** Sends a prepared call's JSON body in pieces over Node's own HTTP client; answers the status and text. */
function sendItself<Name extends RouteName>(
  prepared: PreparedCall<Name>,
  pieces: string[],
): Promise<[{ status: number; statusText?: string }, string]> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      prepared.url,
      { method: prepared.method, headers: { ...prepared.headers, 'Content-Type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve([{ status: response.statusCode ?? 0, statusText: response.statusMessage }, text]),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    for (const piece of pieces) request.write(piece);
    request.end();
  });
}
