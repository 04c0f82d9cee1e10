import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAsVerified } from './test-support/settle.ts';

/**
 * The text a PDF draws, read back through its ToUnicode maps (pdfkit writes a CID font's glyph ids
 * as four hex digits in TJ arrays, and the map as bfrange arrays; every stream is FlateDecode).
 */
function textOf(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n/g)].flatMap((match) => {
    const start = match.index + match[0].length;
    try {
      return [inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1')];
    } catch {
      return [];
    }
  });
  const cmap = new Map<number, string>();
  for (const stream of streams.filter((s) => s.includes('beginbfrange')))
    for (const [, start, list] of stream.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g))
      [...list!.matchAll(/<([0-9a-f]+)>/g)].forEach(([, hex], index) =>
        cmap.set(parseInt(start!, 16) + index, String.fromCharCode(parseInt(hex!, 16))),
      );
  return streams.flatMap((stream) =>
    [...stream.matchAll(/\[([^\]]*)\] TJ/g)].map(([, array]) =>
      [...array!.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => hex!.match(/.{4}/g)!.map((id) => cmap.get(parseInt(id, 16)) ?? '?'))
        .flat()
        .join(''),
    ),
  );
}

/**
 * `GET /api/invoices/:id/pdf` (issue 23 item 5) through the real server on both engines: who may read
 * it is who may read the invoice, in the asked language or the request's own, the same bytes each time.
 */
describe.each(await testEngines())('the invoice PDF on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let paid: { id: string; number: string; txHash: string };
  let buyer: Awaited<ReturnType<typeof signedIn>>;

  /** A GET of the raw bytes (the test clients read answers as text). */
  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${path}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = response.headers.get('content-type')?.includes('application/json');
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      body: json ? JSON.parse(String(bytes)) : null,
    };
  }
  const asMerchant = () => ({ authorization: `Bearer ${merchant.testKey}` });
  /** A signed-in caller's session cookie. */
  const asBuyer = (client: { cookie: string }) => ({ cookie: client.cookie });

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    const token = method.payment_currencies[0].id as string;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Poster', prices: [{ currency_id: token, unit_amount: '2500000' }] },
      })
    ).body;
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: product.prices[0].id, quantity: 2 }] },
      })
    ).body;
    const started = await cookieClient(server.url).request(`/api/checkout-sessions/start/${link.id}`, {
      method: 'POST',
      headers: { 'user-agent': Math.random().toString() },
    });
    const session = started.body.checkoutSession.id as string;
    const wallet = TestWallet.random();
    buyer = await signedIn(server, wallet);
    const submitted = await buyer.request(`/api/checkout-sessions/${session}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada Lovelace',
        customer_email: 'ada@example.com',
        payment_method: method.id,
        payment_currency: token,
      },
    });
    expect(submitted.status).toBe(200);
    const intent = submitted.body.paymentIntent;
    await payAsVerified(server, buyer, session, { amount: BigInt(intent.amount), payer: wallet.address });
    const id = (await merchant.test(`/api/checkout-sessions/${session}`)).body.invoice_id as string;
    const invoice = (await merchant.test(`/api/invoices/${id}`)).body;
    expect(invoice.status).toBe('paid');
    const charges = (await merchant.test(`/api/charges?payment_intent_id=${intent.id}`)).body.list;
    paid = { id, number: invoice.number, txHash: charges[0].reference };
  });
  afterAll(() => server?.close());

  it("answers the merchant the invoice as a PDF attachment named by its number, with the invoice's details", async () => {
    const answer = await get(`/api/invoices/${paid.id}/pdf?lang=en`, asMerchant());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${paid.number}.pdf"`);
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(answer.bytes.toString('latin1')).toContain(`(Invoice ${paid.number})`);
    const text = textOf(answer.bytes);
    for (const shown of [
      'Invoice',
      paid.number,
      'Paid',
      'Ada Lovelace',
      'ada@example.com',
      'Poster',
      '2',
      '5 KDT',
      'Tax',
      '0 KDT',
      paid.txHash,
    ])
      expect(text, shown).toContain(shown);
    // The same invoice, the same bytes.
    expect((await get(`/api/invoices/${paid.id}/pdf?lang=en`, asMerchant())).bytes.equals(answer.bytes)).toBe(
      true,
    );
  });

  it('answers the buyer who paid, in Chinese when asked or when the request is in Chinese', async () => {
    const asked = await get(`/api/invoices/${paid.id}/pdf?livemode=false&lang=zh`, asBuyer(buyer));
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-type')).toBe('application/pdf');
    expect(textOf(asked.bytes)).toEqual(expect.arrayContaining(['发票', '已支付', '税额', paid.txHash]));
    const byHeader = await get(`/api/invoices/${paid.id}/pdf?livemode=false`, {
      ...asBuyer(buyer),
      'accept-language': 'zh-CN,zh;q=0.9',
    });
    expect(byHeader.bytes.equals(asked.bytes)).toBe(true);
    const english = await get(`/api/invoices/${paid.id}/pdf?livemode=false`, asBuyer(buyer));
    expect(textOf(english.bytes)).toContain('Invoice');
    expect(textOf(english.bytes)).not.toContain('发票');
  });

  it('answers 404 to another signed-in buyer and for an unknown id, 401 without a caller', async () => {
    const stranger = await signedIn(server, TestWallet.random());
    const theirs = await get(`/api/invoices/${paid.id}/pdf?livemode=false`, asBuyer(stranger));
    expect([theirs.status, theirs.body?.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const unknown = await get('/api/invoices/in_nope/pdf', asMerchant());
    expect([unknown.status, unknown.body?.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    // The owner reads it in test mode; in live mode there is no such invoice.
    expect((await get(`/api/invoices/${paid.id}/pdf?livemode=false`, asBuyer(merchant.owner))).status).toBe(
      200,
    );
    const otherMode = await get(`/api/invoices/${paid.id}/pdf`, asBuyer(merchant.owner));
    expect([otherMode.status, otherMode.body?.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const nobody = await get(`/api/invoices/${paid.id}/pdf`);
    expect(nobody.status).toBe(401);
    expect(nobody.body?.code).toEqual(expect.any(String));
  });

  it('refuses a language it does not write with a 400 and a code', async () => {
    const answer = await get(`/api/invoices/${paid.id}/pdf?lang=xx`, asMerchant());
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.details).toEqual([expect.objectContaining({ path: expect.stringContaining('lang') })]);
  });
});
