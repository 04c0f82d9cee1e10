import { evmMethodBody, merchantOf, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Addresses a buyer's page follows or links to (where to go after paying or cancelling, a donation's
 * reference, a beneficiary's page) are web pages: http(s) only. A `javascript:` address taken here
 * would run on the checkout's origin, as the buyer, when they click "Return"; a merchant's
 * integration that passes on an address it was given must not be able to do that.
 */
const NOT_WEB_PAGES = [
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'ftp://files.example/thanks',
];

describe.each(await testEngines())('addresses a buyer follows, on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let price: string;
  let tip: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    const currency = method.payment_currencies[0].id;
    const create = async (body: Record<string, unknown>) =>
      (await merchant.test('/api/products', { method: 'POST', body })).body.prices[0].id as string;
    price = await create({ name: 'Poster', prices: [{ currency_id: currency, unit_amount: '2000000' }] });
    tip = await create({
      name: 'Tip',
      prices: [
        { currency_id: currency, custom_unit_amount: { presets: ['1000000'], maximum: '1000000000' } },
      ],
    });
  });
  afterAll(() => server?.close());

  const count = async (path: string) => (await merchant.test(path)).body.count as number;

  it.each(NOT_WEB_PAGES)(
    'a checkout session refuses %s where to go after paying or cancelling',
    async (address) => {
      const before = await count('/api/checkout-sessions');
      for (const field of ['success_url', 'cancel_url']) {
        const answer = await merchant.test('/api/checkout-sessions?locale=zh', {
          method: 'POST',
          body: { line_items: [{ price_id: price }], [field]: address },
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [{ path: `body.${field}`, message: '必须是 http:// 或 https:// 网页地址' }],
        });
      }
      expect(await count('/api/checkout-sessions')).toBe(before);
    },
  );

  it.each(NOT_WEB_PAGES)(
    "a payment link refuses %s as its redirect, a donation's reference or a beneficiary's page",
    async (address) => {
      const before = await count('/api/payment-links');
      const refusals = [
        {
          line_items: [{ price_id: price }],
          after_completion: { type: 'redirect', redirect: { url: address } },
        },
        { line_items: [{ price_id: tip }], donation_settings: { reference: address } },
        {
          line_items: [{ price_id: tip }],
          donation_settings: {
            beneficiaries: [{ name: 'Ada', address: '0xada', percent: 10, url: address }],
          },
        },
      ];
      for (const body of refusals) {
        const answer = await merchant.test('/api/payment-links', { method: 'POST', body });
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe('VALIDATION_FAILED');
        expect(answer.body.details.map((d: { message: string }) => d.message)).toEqual([
          'Must be an http:// or https:// web address',
        ]);
      }
      expect(await count('/api/payment-links')).toBe(before);
    },
  );

  it("a payment method refuses one as its explorer, whose links the buyer's page shows", async () => {
    const before = await count('/api/payment-methods');
    const body = evmMethodBody();
    const answer = await merchant.test('/api/payment-methods', {
      method: 'POST',
      body: { ...body, settings: { ...body.settings, explorer_host: NOT_WEB_PAGES[0] } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        { path: 'body.settings.explorer_host', message: 'Must be an http:// or https:// web address' },
      ],
    });
    expect(await count('/api/payment-methods')).toBe(before);
  });

  it('takes web pages, with the session id placeholder', async () => {
    const session = await merchant.test('/api/checkout-sessions', {
      method: 'POST',
      body: {
        line_items: [{ price_id: price }],
        success_url: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/cart',
      },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const link = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: {
        line_items: [{ price_id: tip }],
        donation_settings: {
          reference: 'https://blog.example/post',
          beneficiaries: [{ name: 'Ada', address: '0xada', percent: 10, url: 'https://ada.example' }],
        },
      },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
  });
});
