import { ANONYMOUS_DONOR_DID } from '@kiosk/core';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  until,
  type TestServer,
} from '@kiosk/testkit';
import type { PlatformTables } from '@kiosk/platform';
import type { Kysely } from 'kysely';
import type { Address, Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Donations (seed 000 §2, §5–§8): a donor who never signs in pays from any wallet, and the wallet
 * that sent the money is the supporter; the link's amounts and benefits rule what is given and how
 * it splits.
 */

const RECEIVER = '0x9999999999999999999999999999999999999999' as Address;
const DEV = '0x1111111111111111111111111111111111111111';
const STORE = '0x2222222222222222222222222222222222222222';
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

describe.each(await testEngines())('donations, %s', (engine) => {
  let chain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let token: Address;
  let methodId: string;
  let kdt: string;
  let tipPrice: string;
  let fixedPrice: string;
  let linkId: string;

  beforeAll(async () => {
    chain = await startDevChain();
    const holders = [4, 5, 6, 7].map((index) => new TestWallet({ index }).address);
    token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders,
      amount: 1_000_000_000_000n,
    });
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
            { name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, maximum_precision: 2, contract: token },
          ],
        },
      })
    ).body;
    methodId = method.id;
    kdt = method.payment_currencies[0].id;
    const product = async (prices: unknown[]) =>
      (await merchant.test('/api/products', { method: 'POST', body: { name: 'Tips', prices } })).body
        .prices[0].id as string;
    // Seed 001 §9's donation amounts: presets 1, 5, 10; minimum 0.01; maximum 100.
    tipPrice = await product([
      {
        currency_id: kdt,
        custom_unit_amount: {
          presets: ['1000000', '5000000', '10000000'],
          preset: '5000000',
          minimum: '10000',
          maximum: '100000000',
        },
      },
    ]);
    fixedPrice = await product([{ currency_id: kdt, unit_amount: '1000000' }]);
    const link = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: {
        line_items: [{ price_id: tipPrice }],
        donation_settings: {
          target: `post-${engine}`,
          title: 'Support the post',
          beneficiaries: [
            { name: 'Store', address: STORE, amount: '100000' },
            { name: 'Developer', address: DEV, percent: 90 },
          ],
        },
      },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body.submit_type).toBe('donate');
    linkId = link.body.id;
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  /** A visitor's donation session at `amount`, submitted by `client` (anonymous unless signed in). */
  async function donation(client: ReturnType<typeof cookieClient>, amount: string, details = {}) {
    const id = (await client.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' })).body
      .checkoutSession.id as string;
    const edited = await client.request(`/api/checkout-sessions/${id}/amount`, {
      method: 'PUT',
      body: { priceId: tipPrice, amount },
    });
    expect(edited.status).toBe(200);
    const submitted = await client.request(`/api/checkout-sessions/${id}/donate-submit`, {
      method: 'PUT',
      body: { ...details, payment_method: methodId, payment_currency: kdt },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return { id, instructions: submitted.body.paymentInstructions as { to: Address; amount: string } };
  }

  const pay = (wallet: TestWallet, amount: string) =>
    wallet.transferToken({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      token,
      to: RECEIVER,
      amount: BigInt(amount),
    });

  async function paid(id: string) {
    const viewer = cookieClient(server.url);
    return until(
      async () => (await viewer.request(`/api/checkout-sessions/retrieve/${id}`)).body.checkoutSession,
      (session) => session.payment_status === 'paid',
    );
  }

  const supporters = async () =>
    (await cookieClient(server.url).request(`/api/donations?target=post-${engine}&livemode=false`)).body;

  it("takes a donation without signing in, and lists the transfer's sender as its supporter", async () => {
    const visitor = cookieClient(server.url);
    const { id, instructions } = await donation(visitor, '2500000');
    expect(instructions).toMatchObject({ to: RECEIVER, amount: '2500000' });
    const wallet = new TestWallet({ index: 5 });
    const tx: Hash = await pay(wallet, '2500000');
    const claimed = await visitor.request(`/api/checkout-sessions/${id}/pay`, {
      method: 'POST',
      body: { tx_hash: tx },
    });
    expect(claimed.status).toBe(202);
    const session = await paid(id);

    // The payer's customer holds the donation and its invoice, made when it was paid.
    const intent = (await merchant.test(`/api/payment-intents/${session.payment_intent_id}`)).body;
    const customer = (await merchant.test(`/api/customers/${intent.customer_id}`)).body;
    expect(customer.did).toBe(didOf(wallet));
    const invoice = (await merchant.test(`/api/invoices/${session.invoice_id}`)).body;
    expect(invoice).toMatchObject({ customer_id: customer.id, status: 'paid', total: '2500000' });

    const answer = await supporters();
    const mine = answer.supporters.find((s: { checkout_session_id: string }) => s.checkout_session_id === id);
    expect(mine).toMatchObject({ anonymous: true, did: didOf(wallet), name: null, amount: '2500000' });
    expect(answer.currency).toMatchObject({ id: kdt, symbol: 'KDT', decimal: 6 });
  });

  it('takes an anonymous donation from a wallet app through the connect payment action', async () => {
    const visitor = cookieClient(server.url);
    const { id } = await donation(visitor, '1500000');
    const opened = (
      await visitor.request('/api/did/payment/token', {
        method: 'POST',
        body: { params: { checkoutSessionId: id, sessionUserDid: ANONYMOUS_DONOR_DID } },
      })
    ).body;
    const wallet = new TestWallet({ index: 4 });
    const request = await wallet.fetchConnectRequest(opened.auth_url);
    expect(request.payment).toMatchObject({ payer: null, amount: '1500000', to: RECEIVER });
    const approved = await wallet.approveConnect(opened.auth_url, {
      rpcUrls: { [chain.chainId]: chain.rpcUrl },
    });
    expect(approved).toMatchObject({ status: 200, body: { status: 'succeeded' } });
    await paid(id);
    const mine = (await supporters()).supporters.find(
      (s: { checkout_session_id: string }) => s.checkout_session_id === id,
    );
    expect(mine).toMatchObject({ anonymous: true, did: didOf(wallet) });
  });

  it('lists a signed-in donor by the name they gave, and sums and splits every donation exactly', async () => {
    const before = await supporters();
    const wallet = new TestWallet({ index: 6 });
    const donor = await signedIn(server, wallet);
    const { id } = await donation(donor, '50000', {
      customer_name: 'Grace',
      customer_email: 'grace@example.com',
    });
    const tx = await pay(wallet, '50000');
    expect(
      (await donor.request(`/api/checkout-sessions/${id}/pay`, { method: 'POST', body: { tx_hash: tx } }))
        .status,
    ).toBe(202);
    await paid(id);

    const after = await supporters();
    expect(after.supporters[0]).toMatchObject({ checkout_session_id: id, name: 'Grace', anonymous: false });
    expect(after.total).toBe(before.total + 1);
    expect(BigInt(after.totalAmount) - BigInt(before.totalAmount)).toBe(50_000n);
    // 0.05 KDT: the store's fixed 0.1 takes all of it, and nothing is left for the developer's 90%.
    const share = (answer: typeof after, name: string) =>
      BigInt(answer.shares.find((s: { name: string }) => s.name === name).amount);
    expect(share(after, 'Store') - share(before, 'Store')).toBe(50_000n);
    expect(share(after, 'Developer') - share(before, 'Developer')).toBe(0n);
  });

  it('splits a donation: fixed amounts first, then percents of the donation, the rest to the merchant', async () => {
    const before = await supporters();
    const visitor = cookieClient(server.url);
    const { id } = await donation(visitor, '3000000');
    const tx = await pay(new TestWallet({ index: 7 }), '3000000');
    await visitor.request(`/api/checkout-sessions/${id}/pay`, { method: 'POST', body: { tx_hash: tx } });
    await paid(id);
    const after = await supporters();
    const gained = (name: string) =>
      BigInt(after.shares.find((s: { name: string }) => s.name === name).amount) -
      BigInt(before.shares.find((s: { name: string }) => s.name === name).amount);
    expect(gained('Store')).toBe(100_000n);
    expect(gained('Developer')).toBe(2_700_000n); // 90% of 3 KDT
  });

  it('leaves a refunded donation out and counts what is left of a partly refunded one', async () => {
    const before = await supporters();
    const linksBefore = (await merchant.test('/api/donation-links?pageSize=100')).body.list;
    const donor = new TestWallet({ index: 7 });
    // The merchant's own wallet sends refunds; the server holds no key of theirs.
    const merchantWallet = new TestWallet({ index: 4 });
    const give = async (amount: string) => {
      const visitor = cookieClient(server.url);
      const { id } = await donation(visitor, amount);
      const tx = await pay(donor, amount);
      await visitor.request(`/api/checkout-sessions/${id}/pay`, { method: 'POST', body: { tx_hash: tx } });
      return paid(id);
    };
    const refund = async (intentId: string, amount: string) => {
      const [charge] = (await merchant.test(`/api/charges?payment_intent_id=${intentId}`)).body.list;
      const made = await merchant.test('/api/refunds', {
        method: 'POST',
        body: { charge_id: charge.id, amount },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const sent = await merchantWallet.transferToken({
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        token,
        to: donor.address,
        amount: BigInt(amount),
      });
      const named = await merchant.test(`/api/refunds/${made.body.id}/transfer`, {
        method: 'POST',
        body: { reference: sent },
      });
      expect(named.body.status, JSON.stringify(named.body)).toBe('succeeded');
    };
    const whole = await give('4000000');
    const part = await give('2000000');
    await refund(whole.payment_intent_id, '4000000');
    await refund(part.payment_intent_id, '500000');

    const after = await supporters();
    const ids = after.supporters.map((s: { checkout_session_id: string }) => s.checkout_session_id);
    expect(ids).not.toContain(whole.id);
    expect(
      after.supporters.find((s: { checkout_session_id: string }) => s.checkout_session_id === part.id),
    ).toMatchObject({ amount: '1500000' });
    expect(after.total).toBe(before.total + 1);
    expect(BigInt(after.totalAmount) - BigInt(before.totalAmount)).toBe(1_500_000n);
    const gained = (name: string) =>
      BigInt(after.shares.find((s: { name: string }) => s.name === name).amount) -
      BigInt(before.shares.find((s: { name: string }) => s.name === name).amount);
    expect(gained('Store')).toBe(100_000n);
    expect(gained('Developer')).toBe(1_350_000n); // 90% of the 1.5 KDT kept
    // The owner's page says the same.
    const link = (await merchant.test('/api/donation-links?pageSize=100')).body.list.find(
      (l: { id: string }) => l.id === linkId,
    );
    const linkBefore = linksBefore.find((l: { id: string }) => l.id === linkId);
    expect(link.supporters).toBe(linkBefore.supporters + 1);
    expect(BigInt(link.totalAmount) - BigInt(linkBefore.totalAmount)).toBe(1_500_000n);
  });

  it('refuses amounts outside the minimum and maximum, or finer than the currency allows', async () => {
    const visitor = cookieClient(server.url);
    const id = (await visitor.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' })).body
      .checkoutSession.id;
    const amount = (value: string) =>
      visitor.request(`/api/checkout-sessions/${id}/amount`, {
        method: 'PUT',
        body: { priceId: tipPrice, amount: value },
      });
    for (const value of ['9999', '100000001']) {
      const refused = await amount(value);
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([{ path: 'body.amount', message: expect.any(String) }]);
    }
    const tooFine = await amount('1234567'); // 1.234567 KDT, and KDT takes 2 decimal places
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.code).toBe('VALIDATION_FAILED');
    expect((await amount('1230000')).status).toBe(200);
  });

  it('takes only a preset where the donation allows no amount of the donor’s own', async () => {
    const body = {
      target: `presets-only-${engine}`,
      currency_id: kdt,
      amount: { presets: ['1000000', '5000000'], minimum: '10000', custom: false },
    };
    const refusedEmpty = await merchant.test('/api/donations', {
      method: 'POST',
      body: { ...body, amount: { presets: [], custom: false } },
    });
    expect(refusedEmpty.status).toBe(400);
    expect(refusedEmpty.body.details).toEqual([
      {
        path: 'body.prices.0.custom_unit_amount.presets',
        message: 'Give at least one preset when no other amount may be given',
      },
    ]);
    const made = await merchant.test('/api/donations', { method: 'POST', body });
    expect(made.status).toBe(201);
    const priceId = made.body.line_items[0].price_id;
    expect((await merchant.test(`/api/prices/${priceId}`)).body.custom_unit_amount.custom).toBe(false);

    const visitor = cookieClient(server.url);
    const id = (await visitor.request(`/api/checkout-sessions/start/${made.body.id}`, { method: 'POST' }))
      .body.checkoutSession.id;
    const amount = (value: string, locale = 'en') =>
      visitor.request(`/api/checkout-sessions/${id}/amount?locale=${locale}`, {
        method: 'PUT',
        body: { priceId, amount: value },
      });
    const typed = await amount('2000000', 'zh');
    expect(typed.status).toBe(400);
    expect(typed.body.details).toEqual([{ path: 'body.amount', message: '请从提供的金额中选择' }]);
    expect((await amount('5000000')).status).toBe(200);
    // Allowing amounts of one's own again is another price; the first keeps its terms.
    const reopened = await merchant.test('/api/donations', {
      method: 'POST',
      body: { ...body, amount: { ...body.amount, custom: true } },
    });
    expect(reopened.body.line_items[0].price_id).not.toBe(priceId);
  });

  it('refuses donate-submit for a session that is not a donation, in the visitor’s language', async () => {
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: fixedPrice }] },
      })
    ).body;
    const visitor = cookieClient(server.url);
    const id = (await visitor.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body
      .checkoutSession.id;
    const body = { payment_method: methodId, payment_currency: kdt };
    const en = await visitor.request(`/api/checkout-sessions/${id}/donate-submit`, { method: 'PUT', body });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 'DONATION_NOT_ENABLED', error: 'Donation feature is not enabled' });
    const zh = await visitor.request(`/api/checkout-sessions/${id}/donate-submit?locale=zh`, {
      method: 'PUT',
      body,
    });
    expect(zh.body.error).toBe('捐赠功能未启用');
    // Nor may anyone anonymous submit it or name a payment for it the other way.
    expect(
      (await visitor.request(`/api/checkout-sessions/${id}/submit`, { method: 'PUT', body })).status,
    ).toBe(401);
    const hash = `0x${'ab'.repeat(32)}`;
    const named = await visitor.request(`/api/checkout-sessions/${id}/pay`, {
      method: 'POST',
      body: { tx_hash: hash },
    });
    expect(named.status).toBe(403);
    const rows = await server.app.kiosk.database.db
      .selectFrom('checkout_sessions')
      .select(['customer_id', 'payment_intent_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(rows).toEqual({ customer_id: null, payment_intent_id: null });
  });

  it("keeps a signed-in buyer's session theirs: an anonymous visitor can neither submit nor pay it", async () => {
    const donor = await signedIn(server, new TestWallet({ index: 4 }));
    const { id } = await donation(donor, '1000000', {
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
    });
    const visitor = cookieClient(server.url);
    const body = { payment_method: methodId, payment_currency: kdt };
    expect(
      (await visitor.request(`/api/checkout-sessions/${id}/donate-submit`, { method: 'PUT', body })).status,
    ).toBe(401);
    const hash = `0x${'cd'.repeat(32)}`;
    const named = await visitor.request(`/api/checkout-sessions/${id}/pay`, {
      method: 'POST',
      body: { tx_hash: hash },
    });
    expect(named.status).toBe(401);
  });

  it('answers the benefits of a link, and refuses donation settings a link cannot keep', async () => {
    const benefits = await cookieClient(server.url).request(`/api/payment-links/${linkId}/benefits`);
    expect(benefits.body).toEqual([
      { name: 'Store', address: STORE, amount: '100000' },
      { name: 'Developer', address: DEV, percent: 90 },
    ]);
    expect(
      (await cookieClient(server.url).request('/api/payment-links/plink_missing00/benefits')).status,
    ).toBe(404);

    const refused = async (body: object) => {
      const answer = await merchant.test('/api/payment-links', { method: 'POST', body });
      expect(answer.status).toBe(400);
      return answer.body.details.map((d: { message: string }) => d.message);
    };
    const settings = { beneficiaries: [{ name: 'A', address: DEV, percent: 60 }] };
    expect(await refused({ line_items: [{ price_id: fixedPrice }], donation_settings: settings })).toEqual([
      'A donation link sells one one-time price with a custom amount (custom_unit_amount)',
    ]);
    const over = { beneficiaries: [...settings.beneficiaries, { name: 'B', address: STORE, percent: 50 }] };
    expect(await refused({ line_items: [{ price_id: tipPrice }], donation_settings: over })).toEqual([
      "The benefits' percents add up to more than 100",
    ]);
    const both = { beneficiaries: [{ name: 'A', address: DEV, percent: 10, amount: '5' }] };
    expect(await refused({ line_items: [{ price_id: tipPrice }], donation_settings: both })).toEqual([
      'Give a benefit either a percent or an amount',
    ]);
  });

  it('keeps one donation link per target: a second is refused, also when both are made at once', async () => {
    const body = (target: string) => ({
      line_items: [{ price_id: tipPrice }],
      donation_settings: { target },
    });
    const again = await merchant.test('/api/payment-links', { method: 'POST', body: body(`post-${engine}`) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DONATION_TARGET_TAKEN' });
    const twins = await Promise.all(
      [1, 2].map(() => merchant.test('/api/payment-links', { method: 'POST', body: body(`twin-${engine}`) })),
    );
    expect(twins.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('makes a host page’s donation link for a target, then brings it up to date without changing old prices', async () => {
    const target = `widget-${engine}`;
    const body = {
      target,
      title: 'Buy me a coffee',
      currency_id: kdt,
      amount: { presets: ['1000000', '2000000', '3000000'], minimum: '10000' },
      beneficiaries: [{ name: 'Author', address: DEV, percent: 50 }],
    };
    const made = await merchant.test('/api/donations', { method: 'POST', body });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      submit_type: 'donate',
      donation_settings: { target, title: 'Buy me a coffee' },
    });
    const firstPrice = made.body.line_items[0].price_id;
    // A host sends the same on every start: nothing changes, nothing is written.
    const linkEvents = async () =>
      (
        await (server.app.kiosk.database.db as Kysely<PlatformTables>)
          .selectFrom('events')
          .select('type')
          .where('object_id', '=', made.body.id)
          .execute()
      ).map((event) => event.type);
    const same = await merchant.test('/api/donations', { method: 'POST', body });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(made.body);
    expect(await linkEvents()).toEqual(['payment_link.created']);

    const retitled = await merchant.test('/api/donations', {
      method: 'POST',
      body: { ...body, title: 'Coffee' },
    });
    expect(retitled.status).toBe(200);
    expect(retitled.body).toMatchObject({ id: made.body.id, donation_settings: { title: 'Coffee' } });
    expect(retitled.body.line_items[0].price_id).toBe(firstPrice);

    const repriced = await merchant.test('/api/donations', {
      method: 'POST',
      body: { ...body, amount: { presets: ['5000000'], minimum: '10000' } },
    });
    expect(repriced.status).toBe(200);
    expect(repriced.body.id).toBe(made.body.id);
    const newPrice = repriced.body.line_items[0].price_id;
    expect(newPrice).not.toBe(firstPrice);
    expect((await merchant.test(`/api/prices/${firstPrice}`)).body.custom_unit_amount.presets).toEqual([
      '1000000',
      '2000000',
      '3000000',
    ]);
    expect((await merchant.test(`/api/prices/${newPrice}`)).body.custom_unit_amount.presets).toEqual([
      '5000000',
    ]);
    const found = await cookieClient(server.url).request(`/api/donations?target=${target}&livemode=false`);
    expect(found.body).toMatchObject({ payment_link_id: made.body.id, title: 'Buy me a coffee' });
    // Only the merchant makes donation links.
    const visitor = await cookieClient(server.url).request('/api/donations', { method: 'POST', body });
    expect(visitor.status).toBe(401);
  });

  it('finds a donation link by its id or its target, and nothing else', async () => {
    const anyone = cookieClient(server.url);
    const byId = await anyone.request(`/api/donations?target=${linkId}&livemode=false`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ payment_link_id: linkId, title: 'Support the post' });
    expect(
      (await anyone.request(`/api/donations?target=post-${engine}&livemode=false`)).body.payment_link_id,
    ).toBe(linkId);
    expect((await anyone.request('/api/donations?target=nobody&livemode=false')).status).toBe(404);
  });

  it("lists the owner's donation links with what each raised, and nothing else, for the merchant only", async () => {
    const plain = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: fixedPrice }] },
    });
    expect(plain.status).toBe(201);
    const page = await merchant.test('/api/donation-links?pageSize=100');
    expect(page.status).toBe(200);
    const ids = page.body.list.map((link: { id: string }) => link.id);
    expect(ids).toContain(linkId);
    expect(ids).not.toContain(plain.body.id);
    const answer = (await merchant.test(`/api/donations?target=${linkId}`)).body;
    expect(answer.total).toBeGreaterThan(0);
    expect(page.body.list.find((link: { id: string }) => link.id === linkId)).toMatchObject({
      title: 'Support the post',
      target: `post-${engine}`,
      active: true,
      supporters: answer.total,
      totalAmount: answer.totalAmount,
      currency: { id: kdt, symbol: 'KDT', decimal: 6 },
    });
    expect(page.body.count).toBe(page.body.list.length);
    expect((await cookieClient(server.url).request('/api/donation-links')).status).toBe(401);
  });
});
