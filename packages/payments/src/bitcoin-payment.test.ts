import * as ecc from '@bitcoinerlab/secp256k1';
import {
  startBitcoinStandin,
  TestWallet as BitcoinWallet,
  type BitcoinStandin,
} from '@kiosk/bitcoin-standin';
import { translate } from '@kiosk/core/i18n/translate';
import { BIP32Factory } from 'bip32';
import { networks } from 'bitcoinjs-lib';
import { transaction } from '@kiosk/db';
import { TestClock } from '@kiosk/platform';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCurrency } from '@kiosk/contracts';
import type { Method } from './methods/adapter.ts';
import { createBitcoinAdapter, type BitcoinAdapter } from './methods/bitcoin/adapter.ts';
import { GAP_LIMIT } from './methods/bitcoin/address-book.ts';
import { REORG_WINDOW_BLOCKS } from './methods/bitcoin/judge.ts';
import { createDeps } from './deps.ts';
import { reopenUndonePayments } from './flows/watch-paid.ts';
import type { BitcoinSettings } from './methods/bitcoin/settings.ts';

/**
 * The Bitcoin method against the local regtest stand-in through its Esplora API, on the real server's
 * database: addresses given per payment (assign, as the submit's transaction will), and what the
 * chain says of each (verify, as the charge's check does), trusting nothing else.
 */

const HOUR = 3_600;

describe.each(await testEngines())('Bitcoin payments on a regtest stand-in, %s', (engine) => {
  let chain: BitcoinStandin;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let adapter: BitcoinAdapter;
  let oneConf: { method: Method<BitcoinSettings>; currency: PaymentCurrency };
  let threeConf: { method: Method<BitcoinSettings>; currency: PaymentCurrency };
  /** The shop's method, whose checkouts go through the API. */
  let shop: { method: Method<BitcoinSettings>; currency: PaymentCurrency };
  /** A shop that waits for three confirmations. */
  let shop3: { method: Method<BitcoinSettings>; currency: PaymentCurrency };
  let clockOffset = 0;
  /** The server's clock: its checks are due by it (decided moves it on). */
  const clock = new TestClock();
  let keys = 0;
  let buyers = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;

  /** A Bitcoin method of a merchant wallet of its own, as the merchant API stores and answers it. */
  async function bitcoinMethod(seed: string, confirmation: number) {
    const answer = await merchant.test('/api/payment-methods', {
      method: 'POST',
      body: {
        type: 'bitcoin',
        name: `Bitcoin (${seed})`,
        settings: bitcoinSettingsOf(BitcoinWallet.fromSeed(seed).accountVpub, confirmation),
        currencies: [{ name: 'Bitcoin', symbol: 'BTC', decimal: 8, maximum_precision: 8 }],
      },
    });
    expect(answer.status).toBe(201);
    const method = { ...answer.body, settings: adapter.settings.parse(answer.body.settings) };
    return { method, currency: answer.body.payment_currencies[0] as PaymentCurrency };
  }
  const bitcoinSettingsOf = (xpub: string, confirmation = 1) => ({
    network: 'regtest',
    xpub,
    esplora_url: chain.url,
    confirmation,
  });

  beforeAll(async () => {
    chain = await startBitcoinStandin();
    server = await startTestServer(engine, { clock });
    merchant = await merchantOf(server);
    adapter = createBitcoinAdapter({ db: server.app.kiosk.database.db, engine, clock: { nowUnix: now } });
    oneConf = await bitcoinMethod('merchant one', 1);
    threeConf = await bitcoinMethod('merchant three', 3);
    shop = await bitcoinMethod('merchant shop', 1);
    shop3 = await bitcoinMethod('merchant shop three', 3);
  });
  afterAll(async () => {
    await server?.close();
    await chain?.close();
  });

  /** A new payment of `sats` on the method, given its address as the submit's transaction gives it. */
  async function payment(on = oneConf, sats = 50_000n, expiresAt = now() + HOUR) {
    const key = `cs_test_${engine}_${++keys}`;
    const assigned = await assign(on.method, key, sats, expiresAt);
    const verify = () =>
      adapter.verify(on.method, on.currency, {
        reference: assigned.address!,
        payerDid: 'did:x',
        paymentKey: key,
      });
    return { key, address: assigned.address!, assigned, verify };
  }
  const assign = (method: Method<BitcoinSettings>, key: string, amount: bigint, expiresAt = now() + HOUR) =>
    transaction(server.app.kiosk.database.db, (trx) =>
      adapter.assign(trx, method, { key, amount, livemode: false, expiresAt }),
    );

  /** A buyer's wallet holding one confirmed coin. */
  function funded(sats = 1_000_000n) {
    const wallet = BitcoinWallet.fromSeed(`buyer ${engine} ${++buyers}`);
    chain.fund(wallet.address(0), sats);
    return wallet;
  }
  async function pay(wallet: BitcoinWallet, to: string, sats: bigint) {
    const signed = wallet.pay({ utxos: await wallet.utxos(chain.url), to, sats });
    await broadcast(signed.hex);
    return signed;
  }
  async function broadcast(hex: string) {
    const answer = await fetch(`${chain.url}/tx`, { method: 'POST', body: hex });
    expect(answer.status, await answer.clone().text()).toBe(200);
  }

  it('gives each payment its own address, the same one when asked again, with a BIP21 URI', async () => {
    const first = await payment(oneConf, 123_456_789n);
    const second = await payment(oneConf, 1n);
    expect(first.address).not.toBe(second.address);
    expect(Number(second.assigned.derivation_index)).toBe(Number(first.assigned.derivation_index) + 1);
    // The address of index i of the merchant's own wallet: where it will see the money.
    const wallet = BitcoinWallet.fromSeed('merchant one');
    expect(first.address).toBe(wallet.address(Number(first.assigned.derivation_index)));
    expect((await assign(oneConf.method, first.key, 123_456_789n)).address).toBe(first.address);
    const instructions = adapter.instructions(oneConf.method, oneConf.currency, 123_456_789n, first.assigned);
    expect(instructions).toMatchObject({
      type: 'bitcoin',
      network: 'regtest',
      address: first.address,
      amount: '123456789',
      amount_btc: '1.23456789',
      uri: `bitcoin:${first.address}?amount=1.23456789`,
      confirmations: 1,
    });
    expect(() => adapter.instructions(oneConf.method, oneConf.currency, 1n)).toThrow(
      'BITCOIN_PAYMENT_NOT_ASSIGNED',
    );
  });

  it('gives submits racing for different payments different addresses, and for one payment one', async () => {
    const { method } = await bitcoinMethod(`racing ${engine}`, 1);
    const racing = await Promise.all(
      Array.from({ length: 12 }, (_, i) => assign(method, `race_${engine}_${i % 6}`, 1_000n)),
    );
    const byKey = new Map<string, Set<string>>();
    racing.forEach((row, i) => byKey.set(`${i % 6}`, (byKey.get(`${i % 6}`) ?? new Set()).add(row.address!)));
    expect([...byKey.values()].map((set) => set.size)).toEqual([1, 1, 1, 1, 1, 1]);
    const addresses = new Set(racing.map((row) => row.address));
    expect(addresses.size).toBe(6);
    expect(new Set(racing.map((row) => row.derivation_index))).toEqual(
      new Set(['0', '1', '2', '3', '4', '5']),
    );
  });

  it(`keeps at most ${GAP_LIMIT} unpaid addresses open past the last paid one`, async () => {
    const { method, currency } = await bitcoinMethod(`gap ${engine}`, 1);
    const open = [];
    for (let i = 0; i < GAP_LIMIT; i++) open.push(await assign(method, `gap_${engine}_${i}`, 10_000n));
    const refused = assign(method, `gap_${engine}_over`, 10_000n);
    await expect(refused).rejects.toMatchObject({ code: 'BITCOIN_ADDRESS_GAP_LIMIT', status: 409 });
    // The last one paid: the gap counts from there, and the next payment gets the next index.
    await pay(funded(), open.at(-1)!.address!, 10_000n);
    chain.mine(1);
    const paid = await adapter.verify(method, currency, {
      reference: open.at(-1)!.address!,
      payerDid: 'did:x',
      paymentKey: `gap_${engine}_${GAP_LIMIT - 1}`,
    });
    expect(paid.outcome).toBe('received');
    expect((await assign(method, `gap_${engine}_over`, 10_000n)).derivation_index).toBe(String(GAP_LIMIT));
  });

  it('pays exactly with one confirmation: waiting in the mempool, paid once mined', async () => {
    const order = await payment(oneConf, 50_000n);
    expect(await order.verify()).toEqual({ outcome: 'pending', reason: 'NOT_FOUND' });
    const wallet = funded();
    const sent = await pay(wallet, order.address, 50_000n);
    expect(await order.verify()).toMatchObject({ outcome: 'pending', reason: 'CONFIRMATIONS' });
    chain.mine(1);
    expect(await order.verify()).toMatchObject({
      outcome: 'received',
      reference: order.address,
      amount: 50_000n,
      payer: wallet.address(0),
      details: { tx_hashes: sent.txid, confirmations: '1', received_sats: '50000' },
    });
  });

  it("waits for the method's N confirmations before it pays", async () => {
    const order = await payment(threeConf, 70_000n);
    const sent = await pay(funded(), order.address, 70_000n);
    // Waiting, the verdict says how far it is, for the buyer to see.
    expect(await order.verify()).toMatchObject({
      outcome: 'pending',
      reason: 'CONFIRMATIONS',
      details: { tx_hashes: sent.txid, confirmations: '0', received_sats: '70000' },
    });
    chain.mine(1);
    expect(await order.verify()).toMatchObject({ outcome: 'pending', details: { confirmations: '1' } });
    chain.mine(1);
    expect(await order.verify()).toMatchObject({ outcome: 'pending', details: { confirmations: '2' } });
    chain.mine(1);
    expect(await order.verify()).toMatchObject({ outcome: 'received', amount: 70_000n });
  });

  it('unpays a payment replaced by fee to another address', async () => {
    const order = await payment(oneConf, 40_000n);
    const wallet = funded();
    const sent = await pay(wallet, order.address, 40_000n);
    expect(await order.verify()).toMatchObject({ outcome: 'pending', reason: 'CONFIRMATIONS' });
    const replaced = wallet.replace(sent, { feeRate: 20, to: wallet.address(5) });
    await broadcast(replaced.hex);
    chain.mine(1);
    expect(await order.verify()).toEqual({ outcome: 'pending', reason: 'NOT_FOUND' });
  });

  it('goes back to waiting when a reorg orphans the paying block, and pays again once mined again', async () => {
    const order = await payment(threeConf, 30_000n);
    const sent = await pay(funded(), order.address, 30_000n);
    chain.mine(3);
    expect(await order.verify()).toMatchObject({ outcome: 'received', amount: 30_000n });
    chain.reorg(3);
    expect(await order.verify()).toMatchObject({ outcome: 'pending', reason: 'CONFIRMATIONS' });
    const row = await addressRow(order.address);
    expect(row.paid_at).toBeNull();
    expect(JSON.parse(row.observed)).toEqual([expect.objectContaining({ txid: sent.txid, block: null })]);
    chain.mine(3);
    expect(await order.verify()).toMatchObject({ outcome: 'received', amount: 30_000n });
  });

  it('sums an underpayment and its top-up to the satoshi', async () => {
    const order = await payment(oneConf, 100_000n);
    const wallet = funded();
    await pay(wallet, order.address, 60_000n);
    chain.mine(1);
    expect(await order.verify()).toMatchObject({ outcome: 'pending', reason: 'CONFIRMATIONS' });
    const topUp = await pay(wallet, order.address, 39_999n);
    chain.mine(1);
    expect(await order.verify()).toMatchObject({ outcome: 'pending', reason: 'CONFIRMATIONS' });
    await pay(wallet, order.address, 1n + 293n); // the last satoshi, above the dust limit
    chain.mine(1);
    const paid = await order.verify();
    expect(paid).toMatchObject({ outcome: 'received', amount: 100_293n });
    expect((paid as { details: Record<string, string> }).details.tx_hashes!.split(',')).toContain(topUp.txid);
  });

  it('answers all of an overpayment, so the checkout records the excess as refundable', async () => {
    const order = await payment(oneConf, 20_000n);
    await pay(funded(), order.address, 35_000n);
    chain.mine(1);
    expect(await order.verify()).toMatchObject({ outcome: 'received', amount: 35_000n });
  });

  it('answers a confirmed underpayment once the payment has ended, to be refunded', async () => {
    const order = await payment(oneConf, 90_000n, now() + 60);
    await pay(funded(), order.address, 45_000n);
    chain.mine(1);
    expect(await order.verify()).toMatchObject({ outcome: 'pending', reason: 'CONFIRMATIONS' });
    clockOffset += 120;
    expect(await order.verify()).toMatchObject({ outcome: 'received', amount: 45_000n });
  });

  it("refuses another payment's address, and an address the method never gave", async () => {
    const order = await payment(oneConf, 10_000n);
    const claim = { reference: order.address, payerDid: 'did:x' };
    expect(
      await adapter.verify(oneConf.method, oneConf.currency, { ...claim, paymentKey: 'cs_other' }),
    ).toEqual({ outcome: 'rejected', reason: 'WRONG_PAYMENT' });
    expect(
      await adapter.verify(threeConf.method, threeConf.currency, { ...claim, paymentKey: order.key }),
    ).toEqual({ outcome: 'rejected', reason: 'WRONG_RECIPIENT' });
  });

  it('throws rather than decides when Esplora cannot be reached', async () => {
    const order = await payment(oneConf, 10_000n);
    const down = {
      ...oneConf.method,
      settings: { ...oneConf.method.settings, esplora_url: 'http://127.0.0.1:1' },
    };
    await expect(
      adapter.verify(down, oneConf.currency, {
        reference: order.address,
        payerDid: 'd',
        paymentKey: order.key,
      }),
    ).rejects.toThrow();
  });

  it('refuses a key that is no BIP84 account public key when the method is created, in en and zh', async () => {
    const root = BIP32Factory(ecc).fromSeed(Buffer.alloc(32, 7), networks.regtest);
    const account = BitcoinWallet.fromSeed('merchant one').accountVpub;
    // BIP84's test vector: the "abandon … about" wallet's first account on mainnet.
    const mainnet =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    const cases: [string, string][] = [
      ['not a key', 'validation.bitcoinXpub'],
      [account.slice(0, -1) + (account.endsWith('x') ? 'y' : 'x'), 'validation.bitcoinXpub'],
      [root.toBase58(), 'validation.bitcoinXpubPrivate'],
      [root.neutered().toBase58(), 'validation.bitcoinXpubDepth'],
      [mainnet, 'validation.bitcoinXpubNetwork'],
    ];
    for (const [xpub, key] of cases) {
      const answer = await merchant.test('/api/payment-methods', {
        method: 'POST',
        body: { type: 'bitcoin', name: 'Bad', settings: bitcoinSettingsOf(xpub) },
      });
      expect(answer.status, key).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'body.settings.xpub', message: translate('en', key) }],
      });
    }
    const zh = await merchant.test('/api/payment-methods?locale=zh', {
      method: 'POST',
      body: { type: 'bitcoin', name: 'Bad', settings: bitcoinSettingsOf(root.toBase58()) },
    });
    expect(zh.body.details[0].message).toBe(translate('zh', 'validation.bitcoinXpubPrivate'));
    expect(zh.body.details[0].message).toContain('私钥');
    const ether = await merchant.test('/api/payment-methods', {
      method: 'POST',
      body: {
        type: 'bitcoin',
        name: 'Bad',
        settings: bitcoinSettingsOf(BitcoinWallet.fromSeed('merchant one').accountVpub),
        currencies: [{ name: 'Ether', symbol: 'ETH', decimal: 18 }],
      },
    });
    expect(ether.status).toBe(400);
  });

  it('refuses subscriptions (no pull payments on Bitcoin) and shows no key to buyers', async () => {
    const price = await merchant.test('/api/products', {
      method: 'POST',
      body: {
        name: 'Bitcoin plan',
        prices: [
          {
            type: 'recurring',
            currency_id: oneConf.currency.id,
            unit_amount: '10000',
            recurring: { interval: 'month' },
          },
        ],
      },
    });
    const link = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: price.body.prices[0].id, quantity: 1 }] },
    });
    const buyer = await signedIn(server, TestWallet.random());
    const started = await buyer.request(`/api/checkout-sessions/start/${link.body.id}`, { method: 'POST' });
    const session = started.body.checkoutSession;
    const offered = started.body.paymentMethods.find((m: { id: string }) => m.id === oneConf.method.id);
    expect(offered.settings).toEqual({ network: 'regtest', confirmation: 1 });
    expect(offered.capabilities).toEqual({ recurring: false });
    const answer = await buyer.request(`/api/checkout-sessions/${session.id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: oneConf.method.id,
        payment_currency: oneConf.currency.id,
      },
    });
    expect(answer.status).toBe(400);
    // Said as what it is (this kind of method cannot), not as a collector left unconfigured.
    expect(answer.body).toMatchObject({
      code: 'RECURRING_NOT_SUPPORTED',
      error: 'This payment method cannot pay subscriptions: choose another one',
    });
    const zh = await buyer.request(`/api/checkout-sessions/${session.id}/submit`, {
      method: 'PUT',
      headers: { 'accept-language': 'zh' },
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: oneConf.method.id,
        payment_currency: oneConf.currency.id,
      },
    });
    expect(zh.body.error).toBe('此支付方式不能支付订阅，请选择其他支付方式');
  });

  /** A buyer's checkout of one BTC price of `sats` on a shop's method, not submitted yet. */
  async function checkout(sats: bigint, on = shop) {
    const product = await merchant.test('/api/products', {
      method: 'POST',
      body: { name: 'Sticker', prices: [{ currency_id: on.currency.id, unit_amount: sats.toString() }] },
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
          payment_method: on.method.id,
          payment_currency: on.currency.id,
        },
      });
    // The page names the order's address once the buyer says they paid; only the chain decides.
    const name = (address: string) =>
      buyer.request(`/api/checkout-sessions/${id}/pay`, { method: 'POST', body: { tx_hash: address } });
    return { buyer, id, submit, name, priceId: product.body.prices[0].id as string };
  }
  /** The session and its intent once the check decided: paid, or refused with a payment error. */
  const decided = (id: string) =>
    until(
      async () => {
        clock.advance({ seconds: 1 });
        return (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`)).body;
      },
      (answer) =>
        answer.checkoutSession.payment_status === 'paid' || Boolean(answer.paymentIntent?.last_payment_error),
    );
  const chargeRow = (intentId: string): Promise<any> =>
    (server.app.kiosk.database.db as any)
      .selectFrom('charges')
      .selectAll()
      .where('payment_intent_id', '=', intentId)
      .executeTakeFirstOrThrow();

  it('pays a checkout at its own address: BIP21 instructions, the chain decides, exact to the satoshi', async () => {
    const order = await checkout(150_000n);
    const submitted = await order.submit();
    expect(submitted.status).toBe(200);
    const instructions = submitted.body.paymentInstructions;
    expect(instructions).toMatchObject({ type: 'bitcoin', amount: '150000', amount_btc: '0.0015' });
    expect(instructions.uri).toBe(`bitcoin:${instructions.address}?amount=0.0015`);
    // The address waits as long as the order does.
    expect(instructions.expires_at).toBe(submitted.body.checkoutSession.expires_at);
    // Submitted again (another tab), the same address.
    expect((await order.submit()).body.paymentInstructions.address).toBe(instructions.address);
    const sent = await pay(funded(), instructions.address, 150_000n);
    expect((await order.name(instructions.address)).status).toBe(202);
    chain.mine(1);
    const { checkoutSession, paymentIntent } = await decided(order.id);
    expect(checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = (await merchant.test(`/api/payment-intents/${paymentIntent.id}`)).body;
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: '150000' });
    expect(intent.payment_details.bitcoin).toMatchObject({
      address: instructions.address,
      tx_hashes: sent.txid,
    });
  });

  it('shows the buyer the confirmations while the payment waits for them', async () => {
    const order = await checkout(30_000n, shop3);
    const { address } = (await order.submit()).body.paymentInstructions;
    await pay(funded(), address, 30_000n);
    chain.mine(1);
    expect((await order.name(address)).status).toBe(202);
    const seen = (confirmations: string) =>
      until(
        async () => {
          clock.advance({ seconds: 1 });
          return (await order.buyer.request(`/api/checkout-sessions/retrieve/${order.id}`)).body;
        },
        (answer) => answer.paymentIntent?.payment_details?.bitcoin?.confirmations === confirmations,
      );
    const waiting = await seen('1');
    expect(waiting.checkoutSession.payment_status).toBe('unpaid');
    expect(waiting.paymentIntent).toMatchObject({ status: 'processing' });
    chain.mine(1);
    await seen('2');
    chain.mine(1);
    expect((await decided(order.id)).checkoutSession.payment_status).toBe('paid');
    // Anyone else who opens the order's address learns nothing of the payment.
    const stranger = (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${order.id}`))
      .body;
    expect(stranger.paymentIntent.payment_details).toEqual({});
  });

  it('gives checkouts submitted at once each their own address', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => checkout(10_000n)));
    const answers = await Promise.all(orders.map((order) => order.submit()));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const addresses = answers.map((answer) => answer.body.paymentInstructions.address);
    expect(new Set(addresses).size).toBe(8);
  });

  it('records an overpayment as paid with its excess refundable, and leaves refunds to the merchant', async () => {
    const order = await checkout(20_000n);
    const { address } = (await order.submit()).body.paymentInstructions;
    await pay(funded(), address, 26_000n);
    chain.mine(1);
    await order.name(address);
    const { paymentIntent } = await decided(order.id);
    const charges = (await merchant.test(`/api/charges?payment_intent_id=${paymentIntent.id}`)).body.list;
    expect(charges).toEqual([
      expect.objectContaining({ status: 'succeeded', amount: '26000', amount_refundable: '6000' }),
    ]);
    const refund = await merchant.test('/api/refunds', {
      method: 'POST',
      body: { charge_id: charges[0].id, amount: '6000' },
    });
    expect(refund.status).toBe(400);
    expect(refund.body.code).toBe('REFUND_NOT_SUPPORTED');
  });

  it('pays a checkout underpaid and then topped up, summed over both transactions', async () => {
    const order = await checkout(80_000n);
    const { address } = (await order.submit()).body.paymentInstructions;
    const wallet = funded();
    await pay(wallet, address, 50_000n);
    chain.mine(1);
    expect((await order.name(address)).status).toBe(202);
    await pay(wallet, address, 30_000n);
    chain.mine(1);
    const { checkoutSession, paymentIntent } = await decided(order.id);
    expect(checkoutSession.payment_status).toBe('paid');
    const intent = (await merchant.test(`/api/payment-intents/${paymentIntent.id}`)).body;
    expect(intent.amount_received).toBe('80000');
  });

  it('waits for a payment named before it is sent far longer than a chain of seconds a block would', async () => {
    const order = await checkout(12_000n);
    const submitted = (await order.submit()).body;
    const { address } = submitted.paymentInstructions;
    expect((await order.name(address)).status).toBe(202);
    // Ten minutes of checks with nothing at the address: an EVM hash unseen fails after two.
    let checks = Number((await chargeRow(submitted.paymentIntent.id)).checks);
    for (let minute = 0; minute < 10; minute++) {
      clock.advance({ seconds: 60 });
      const after = checks;
      checks = Number(
        (
          await until(
            () => chargeRow(submitted.paymentIntent.id),
            (row) => Number(row.checks) > after,
          )
        ).checks,
      );
    }
    expect(await chargeRow(submitted.paymentIntent.id)).toMatchObject({
      status: 'pending',
      failure_code: null,
    });
    await pay(funded(), address, 12_000n);
    chain.mine(1);
    expect((await decided(order.id)).checkoutSession.payment_status).toBe('paid');
  });

  /** `count` more checks of the intent's charge, the clock moving `seconds` at each look. */
  async function checksPass(intentId: string, count: number, seconds = 30) {
    for (let i = 0; i < count; i++) {
      const before = Number((await chargeRow(intentId)).checks);
      await until(
        async () => {
          clock.advance({ seconds });
          return chargeRow(intentId);
        },
        (row) => Number(row.checks) > before,
      );
    }
  }
  const intentOf = async (intentId: string) => (await merchant.test(`/api/payment-intents/${intentId}`)).body;

  it("keeps a checkout processing until its payment has the method's three confirmations", async () => {
    const order = await checkout(33_000n, shop3);
    const { paymentInstructions, paymentIntent } = (await order.submit()).body;
    expect(paymentInstructions.confirmations).toBe(3);
    await pay(funded(), paymentInstructions.address, 33_000n);
    await order.name(paymentInstructions.address);
    chain.mine(2);
    await checksPass(paymentIntent.id, 3);
    expect(await intentOf(paymentIntent.id)).toMatchObject({ status: 'processing', amount_received: '0' });
    chain.mine(1);
    expect((await decided(order.id)).checkoutSession.payment_status).toBe('paid');
  });

  it('keeps a checkout processing when a reorg orphans its payment, and pays once it is mined again', async () => {
    const order = await checkout(44_000n, shop3);
    const { paymentInstructions, paymentIntent } = (await order.submit()).body;
    const sent = await pay(funded(), paymentInstructions.address, 44_000n);
    await order.name(paymentInstructions.address);
    chain.mine(2);
    await checksPass(paymentIntent.id, 1);
    chain.reorg(2);
    chain.mine(2); // another branch, whose first block takes the payment again: two confirmations
    await checksPass(paymentIntent.id, 3);
    expect(await intentOf(paymentIntent.id)).toMatchObject({ status: 'processing' });
    const observed = JSON.parse((await addressRow(paymentInstructions.address)).observed);
    expect(observed).toEqual([expect.objectContaining({ txid: sent.txid, height: chain.tipHeight() - 1 })]);
    chain.mine(1);
    expect((await decided(order.id)).checkoutSession.payment_status).toBe('paid');
  });

  it('unpays a checkout whose payment is replaced by fee to another address', async () => {
    const order = await checkout(21_000n);
    const { paymentInstructions, paymentIntent } = (await order.submit()).body;
    const wallet = funded();
    const sent = await pay(wallet, paymentInstructions.address, 21_000n);
    await order.name(paymentInstructions.address);
    await checksPass(paymentIntent.id, 1, 1);
    const seenFirst = JSON.parse((await addressRow(paymentInstructions.address)).observed);
    expect(seenFirst).toEqual([expect.objectContaining({ txid: sent.txid, height: null })]);
    await broadcast(wallet.replace(sent, { feeRate: 20, to: wallet.address(7) }).hex);
    chain.mine(1);
    // Nothing reaches the address any more: once the method's wait for an unseen payment is over
    // (half an hour), the charge fails and the order may be paid again.
    const failed = await until(
      async () => {
        clock.advance({ seconds: 60 });
        return chargeRow(paymentIntent.id);
      },
      (row) => row.status !== 'pending',
    );
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'TX_NOT_FOUND' });
    expect(JSON.parse((await addressRow(paymentInstructions.address)).observed)).toEqual([]);
    const { checkoutSession, paymentIntent: after } = await decided(order.id);
    expect(checkoutSession.payment_status).toBe('unpaid');
    expect(after.last_payment_error.code).toBe('TX_NOT_FOUND');
    expect(await chargeRow(paymentIntent.id)).toMatchObject({
      status: 'failed',
      failure_code: 'TX_NOT_FOUND',
    });
  });

  /** One sweep of the watch over paid payments, run now (the job runs it every minute of the clock). */
  const watchPaid = () => reopenUndonePayments(createDeps(server.app.kiosk.platform, server.url));
  /** The types of an object's events, oldest first, of a type or a group (`payment_intent.*`). */
  const eventTypes = async (objectId: string, type: string): Promise<string[]> =>
    (await merchant.test(`/api/events?object_id=${objectId}&type=${type}&pageSize=100`)).body.list
      .map((event: { type: string }) => event.type)
      .reverse();
  /** A checkout of `sats` paid and decided: its payment mined, `confirmations` blocks deep. */
  async function paidCheckout(sats: bigint, on = shop) {
    const order = await checkout(sats, on);
    const { paymentInstructions, paymentIntent } = (await order.submit()).body;
    const wallet = funded();
    const sent = await pay(wallet, paymentInstructions.address, sats);
    await order.name(paymentInstructions.address);
    chain.mine(on.method.settings.confirmation);
    expect((await decided(order.id)).checkoutSession.payment_status).toBe('paid');
    expect(await intentOf(paymentIntent.id)).toMatchObject({ status: 'succeeded' });
    return {
      ...order,
      address: paymentInstructions.address as string,
      intentId: paymentIntent.id,
      wallet,
      sent,
    };
  }
  /** The intent once the clock's sweeps and checks have moved it to `status`. */
  const intentBecomes = (intentId: string, status: string, seconds = 30) =>
    until(
      async () => {
        clock.advance({ seconds });
        return intentOf(intentId);
      },
      (intent) => intent.status === status,
    );

  it('sends a paid order back to processing when a reorg orphans its block, and succeeds it again once, when mined again', async () => {
    const order = await paidCheckout(55_000n, shop3);
    const intent = await intentOf(order.intentId);
    const chargeOf = async () =>
      (await merchant.test(`/api/charges?payment_intent_id=${order.intentId}`)).body.list[0];
    expect(await chargeOf()).toMatchObject({ status: 'succeeded', undone_at: null });
    chain.reorg(3);
    const reopened = await intentBecomes(order.intentId, 'processing');
    expect(reopened.amount_received).toBe('0');
    const charge = await chargeRow(order.intentId);
    expect(charge).toMatchObject({ status: 'pending', round: 2 });
    // The API says when the chain undid it, in unix seconds like its other times.
    const undone = await chargeOf();
    expect(undone).toMatchObject({ status: 'pending', undone_at: Number(charge.undone_at) });
    expect(undone.undone_at).toBeGreaterThanOrEqual(undone.created_at);
    // The merchant is told, by the events its webhooks carry.
    expect(await eventTypes(charge.id, 'charge.*')).toEqual([
      'charge.pending',
      'charge.succeeded',
      'charge.pending',
    ]);
    const told = await eventTypes(order.intentId, 'payment_intent.*');
    expect(told.filter((type) => type !== 'payment_intent.updated').slice(-2)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.processing',
    ]);
    expect((await eventTypes(order.intentId, 'payment_intent.succeeded')).length).toBe(1);
    // The order stays done: what its payment started is the merchant's to take back, not Kiosk's.
    const session = (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${order.id}`))
      .body;
    expect(session.checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });

    chain.mine(3);
    const again = await intentBecomes(order.intentId, 'succeeded');
    expect(again).toMatchObject({ amount_received: '55000', invoice_id: intent.invoice_id });
    const charges = (await merchant.test(`/api/charges?payment_intent_id=${order.intentId}`)).body.list;
    expect(charges).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount: '55000',
        amount_refundable: '0',
        // Confirmed again, it still says it was undone once.
        undone_at: undone.undone_at,
      }),
    ]);
    expect((await eventTypes(charge.id, 'charge.*')).at(-1)).toBe('charge.succeeded');
    expect(await eventTypes(order.intentId, 'payment_intent.succeeded')).toEqual([
      'payment_intent.succeeded',
      'payment_intent.succeeded',
    ]);
    // Paid once: one completion, one paid invoice, one sold.
    expect(await eventTypes(order.id, 'checkout.session.completed')).toEqual(['checkout.session.completed']);
    expect(await eventTypes(intent.invoice_id, 'invoice.paid')).toEqual(['invoice.paid']);
    expect((await merchant.test(`/api/prices/${order.priceId}`)).body.quantity_sold).toBe(1);
  });

  it('leaves a paid order as it is when a reorg does not reach its block, or mines it again deep enough at once', async () => {
    const order = await paidCheckout(23_000n);
    const before = await eventTypes(order.intentId, 'payment_intent.*');
    chain.mine(2);
    chain.reorg(2);
    chain.mine(2);
    await watchPaid();
    expect(await intentOf(order.intentId)).toMatchObject({ status: 'succeeded' });
    // The paying block itself orphaned, its transaction mined again before anyone looked: still paid,
    // now seen in its new block.
    const [first] = JSON.parse((await addressRow(order.address)).observed);
    chain.reorg(3);
    chain.mine(3);
    await watchPaid();
    expect(await intentOf(order.intentId)).toMatchObject({ status: 'succeeded' });
    expect(await chargeRow(order.intentId)).toMatchObject({ status: 'succeeded', round: 1 });
    const [after] = JSON.parse((await addressRow(order.address)).observed);
    expect(after).toMatchObject({ txid: order.sent.txid, height: first.height });
    expect(after.block).not.toBe(first.block);
    expect(await eventTypes(order.intentId, 'payment_intent.*')).toEqual(before);
  });

  it(`no longer reads a payment ${REORG_WINDOW_BLOCKS} blocks deep: a deeper reorg changes nothing`, async () => {
    const order = await paidCheckout(17_000n);
    chain.mine(REORG_WINDOW_BLOCKS - 1);
    await watchPaid();
    expect((await addressRow(order.address)).beyond_reorgs_at).not.toBeNull();
    const before = await eventTypes(order.intentId, 'payment_intent.*');
    chain.reorg(REORG_WINDOW_BLOCKS);
    await watchPaid();
    expect(await intentOf(order.intentId)).toMatchObject({ status: 'succeeded' });
    expect(await chargeRow(order.intentId)).toMatchObject({ status: 'succeeded', round: 1 });
    expect(await eventTypes(order.intentId, 'payment_intent.*')).toEqual(before);
    chain.mine(1); // the orphaned payment is mined again, for the chain the next tests build on
  });

  it('fails a paid order whose payment a reorg let be double-spent, as TX_NOT_FOUND, for the merchant to settle', async () => {
    const order = await paidCheckout(31_000n);
    chain.reorg(1);
    await broadcast(order.wallet.replace(order.sent, { feeRate: 20, to: order.wallet.address(9) }).hex);
    chain.mine(1);
    await intentBecomes(order.intentId, 'processing');
    // Nothing reaches the address any more: once the method's wait for an unseen payment is over (half
    // an hour), the charge fails as a replaced payment does before it pays.
    const failed = await intentBecomes(order.intentId, 'requires_action', 60);
    expect(failed).toMatchObject({ amount_received: '0', last_payment_error: { code: 'TX_NOT_FOUND' } });
    expect(await chargeRow(order.intentId)).toMatchObject({ status: 'failed', failure_code: 'TX_NOT_FOUND' });
    expect((await eventTypes(order.intentId, 'payment_intent.*')).at(-1)).toBe(
      'payment_intent.payment_failed',
    );
    const session = (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${order.id}`))
      .body;
    expect(session.checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });

  const addressRow = (address: string) =>
    (server.app.kiosk.database.db as any)
      .selectFrom('bitcoin_addresses')
      .selectAll()
      .where('address', '=', address)
      .executeTakeFirstOrThrow();
});
