import { AsyncLocalStorage } from 'node:async_hooks';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn, startTestServer, testEngines, until, type TestServer } from '@kiosk/testkit';
import {
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEventLogs,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodAdapter } from './methods/adapter.ts';
import { deployCollector } from './methods/evm/collector/collector.ts';
import { createDeps } from './deps.ts';
import { returnEndedStake } from './flows/return-stake.ts';
import { settleSlash } from './flows/slash-stake.ts';
import { watchStakes } from './flows/watch-stakes.ts';
import { deployStake, kioskStakeAbi, readStake, stakeIdOf } from './methods/evm/stake/stake.ts';

/**
 * Issue 25: a subscription whose link asks a stake (seed 000 §5: the greater of
 * `billing_threshold_amount` and `min_stake_amount`) has its customer lock it in KioskStake with the
 * mandate, on a real local chain. The subscription starts only once the chain holds the stake as
 * asked; it keeps the stake and a paid `stake` invoice that lists show only when asked.
 */

const RECEIVER = '0x9999999999999999999999999999999999999999' as Address;
const MONTHLY = 1_000_000n; // 1 KDT of 6 decimals
const STAKE = 5_000_000n; // the larger of the link's 3 and 5 KDT
type Call = { to: Address; data: Hex };

describe.each(await testEngines())('a subscription that asks a stake, on %s', (engine) => {
  let chain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let token: Address;
  let stakeContract: Address;
  let collector: Address;
  let collectorKey: Hex;
  let collectorContract: Address;
  let clock: TestClock;
  let methodId: string;
  let kdt: string;
  let monthlyPrice: string;
  // The chain gives the first 20 wallets gas; each test its own holder, so balances never mix.
  const holders = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((index) => new TestWallet({ index }));

  const walletOf = (wallet: TestWallet) =>
    createWalletClient({
      account: wallet.account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
  const send = async (wallet: TestWallet, calls: Call[]) => {
    for (const call of calls) {
      const hash = await walletOf(wallet).sendTransaction(call);
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    }
  };
  const balanceOf = (address: Address) =>
    chain.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });

  beforeAll(async () => {
    chain = await startDevChain();
    const start = Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp) + 10;
    clock = new TestClock(start * 1000);
    token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders.map((wallet) => wallet.address),
      amount: 1_000_000_000n,
    });
    const deployer = walletOf(new TestWallet({ index: 0 }));
    collectorContract = await deployCollector(deployer, chain.publicClient);
    stakeContract = await deployStake(deployer, chain.publicClient);
    collectorKey = generatePrivateKey();
    collector = privateKeyToAccount(collectorKey).address;
    await deployer
      .sendTransaction({ to: collector, value: 10n ** 18n })
      .then((hash) => chain.publicClient.waitForTransactionReceipt({ hash }));
    server = await startTestServer(engine, { clock, env: { KIOSK_EVM_COLLECTOR_KEY: collectorKey } });
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
            confirmation: 0,
            receiving_address: RECEIVER,
            collector_contract: collectorContract,
            stake_contract: stakeContract,
          },
          currencies: [{ name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token }],
        },
      })
    ).body;
    methodId = method.id;
    kdt = method.payment_currencies[0].id;
    monthlyPrice = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Kiosk Pro',
          prices: [
            {
              currency_id: kdt,
              type: 'recurring',
              unit_amount: MONTHLY.toString(),
              recurring: { interval: 'month' },
            },
          ],
        },
      })
    ).body.prices[0].id;
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  /** `wallet` submits a subscription checkout of a link with `subscriptionData` (a week's trial). */
  async function submitted(wallet: TestWallet, subscriptionData: Record<string, unknown>) {
    const client = await signedIn(server, wallet);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: {
          line_items: [{ price_id: monthlyPrice }],
          subscription_data: { trial_period_days: 7, ...subscriptionData },
        },
      })
    ).body;
    const started = await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' });
    const sessionId = started.body.checkoutSession.id as string;
    const answer = await client.request(`/api/checkout-sessions/${sessionId}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: kdt,
      },
    });
    expect(answer.status).toBe(200);
    const mandate = answer.body.mandateInstructions;
    const confirm = () => client.request(`/api/checkout-sessions/${sessionId}/mandate`, { method: 'POST' });
    return {
      client,
      sessionId,
      subscriptionId: answer.body.checkoutSession.subscription_id as string,
      mandate,
      confirm,
    };
  }

  it('is locked with the mandate: the subscription starts with it held and a paid stake invoice', async () => {
    const wallet = holders[0]!;
    const order = await submitted(wallet, { billing_threshold_amount: '3', min_stake_amount: '5' });
    expect(order.mandate.stake).toEqual({
      contract: stakeContract,
      stake_id: stakeIdOf(order.subscriptionId),
      amount: STAKE.toString(),
      notice_seconds: order.mandate.cycle_seconds,
    });
    const before = await balanceOf(wallet.address);
    await send(wallet, order.mandate.calls);
    expect((await order.confirm()).status).toBe(202);

    const subscription = (await merchant.test(`/api/subscriptions/${order.subscriptionId}`)).body;
    expect(subscription.status).toBe('trialing');
    expect(subscription.stake).toMatchObject({
      status: 'held',
      amount: STAKE.toString(),
      currency_id: kdt,
      payment_method_id: methodId,
      id: stakeIdOf(order.subscriptionId),
    });
    expect(subscription.stake.details.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // The chain holds it for the merchant's collector to slash or return, and the trial took nothing else.
    const held = await readStake(chain.publicClient, stakeContract, stakeIdOf(order.subscriptionId));
    expect(held).toMatchObject({ amount: STAKE, operator: collector, receiver: RECEIVER, closed: false });
    expect(before - (await balanceOf(wallet.address))).toBe(STAKE);

    const list = (query: string) =>
      merchant.test(`/api/invoices?subscription_id=${order.subscriptionId}${query}`).then((r) => r.body.list);
    expect((await list('')).map((invoice: { billing_reason: string }) => invoice.billing_reason)).toEqual([
      'subscription_create',
    ]);
    const stakeInvoice = (await list('&include_staking=true')).find(
      (invoice: { billing_reason: string }) => invoice.billing_reason === 'stake',
    );
    expect(stakeInvoice).toMatchObject({
      status: 'paid',
      total: STAKE.toString(),
      amount_paid: STAKE.toString(),
    });
    expect(subscription.stake.details.invoice_id).toBe(stakeInvoice.id);

    // Confirmed again: nothing is recorded twice.
    await order.confirm();
    expect(await list('&include_staking=true')).toHaveLength(2);
  });

  it('waits while the mandate is on the chain but the stake is not', async () => {
    const wallet = holders[1]!;
    const order = await submitted(wallet, { min_stake_amount: '5' });
    const calls = order.mandate.calls as Call[];
    await send(wallet, calls.slice(0, -2));
    const early = await order.confirm();
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MANDATE_PENDING');
    expect((await merchant.test(`/api/subscriptions/${order.subscriptionId}`)).body).toMatchObject({
      status: 'incomplete',
      stake: null,
    });
    await send(wallet, calls.slice(-2));
    expect((await order.confirm()).status).toBe(202);
  });

  it('refuses a stake smaller than asked, and one whose notice is running', async () => {
    const small = await submitted(holders[2]!, { min_stake_amount: '5' });
    const stake = small.mandate.stake as { contract: Address; stake_id: Hex; notice_seconds: number };
    // The wallet sends the mandate, then stakes one unit less than asked under the same id.
    await send(holders[2]!, [
      ...small.mandate.calls.slice(0, -2),
      {
        to: token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [stake.contract, STAKE - 1n],
        }),
      },
      {
        to: stake.contract,
        data: encodeFunctionData({
          abi: kioskStakeAbi,
          functionName: 'stake',
          args: [stake.stake_id, token, RECEIVER, collector, STAKE - 1n, BigInt(stake.notice_seconds)],
        }),
      },
    ]);
    const refused = await small.confirm();
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('STAKE_MISMATCH');

    const leaving = await submitted(holders[3]!, { min_stake_amount: '5' });
    const id = (leaving.mandate.stake as { stake_id: Hex }).stake_id;
    await send(holders[3]!, [
      ...leaving.mandate.calls,
      {
        to: stakeContract,
        data: encodeFunctionData({ abi: kioskStakeAbi, functionName: 'giveNotice', args: [id] }),
      },
    ]);
    const revoked = await leaving.confirm();
    expect(revoked.status).toBe(400);
    expect(revoked.body.code).toBe('STAKE_REVOKED');
    expect((await merchant.test(`/api/subscriptions/${leaving.subscriptionId}`)).body.status).toBe(
      'incomplete',
    );
  });

  it('asks none when the link says no_stake, and refuses an amount finer than the currency', async () => {
    const free = await submitted(holders[4]!, { min_stake_amount: '5', no_stake: true });
    expect(free.mandate.stake).toBeUndefined();
    await send(holders[4]!, free.mandate.calls);
    expect((await free.confirm()).status).toBe(202);
    expect((await merchant.test(`/api/subscriptions/${free.subscriptionId}`)).body.stake).toBeNull();

    const client = await signedIn(server, holders[4]!);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: {
          line_items: [{ price_id: monthlyPrice }],
          subscription_data: { min_stake_amount: '0.0000001' },
        },
      })
    ).body;
    const started = await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' });
    const refused = await client.request(`/api/checkout-sessions/${started.body.checkoutSession.id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: kdt,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('STAKE_AMOUNT_INVALID');
  });

  /** The subscription as the merchant reads it once `done` holds of it (the stake's jobs run on their own). */
  const subscriptionOnce = (
    id: string,
    done: (subscription: { stake: { status: string; details: Record<string, string> } }) => boolean,
  ) => until(() => merchant.test(`/api/subscriptions/${id}`).then((r) => r.body), done);

  /** `wallet`'s subscription, started with its stake held. */
  async function staked(wallet: TestWallet) {
    const order = await submitted(wallet, { min_stake_amount: '5' });
    await send(wallet, order.mandate.calls);
    expect((await order.confirm()).status).toBe(202);
    return order;
  }

  it('goes back to the customer once when the subscription ends, however many cancels race to it', async () => {
    const wallet = holders[5]!;
    const order = await staked(wallet);
    const before = await balanceOf(wallet.address);
    const cancels = await Promise.all(
      [1, 2, 3].map(() =>
        merchant.test(`/api/subscriptions/${order.subscriptionId}/cancel`, {
          method: 'PUT',
          body: { at: 'now' },
        }),
      ),
    );
    expect(cancels.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    const ended = await subscriptionOnce(order.subscriptionId, (row) => row.stake.status !== 'held');
    expect(ended).toMatchObject({
      status: 'canceled',
      stake: { status: 'returned', amount: STAKE.toString() },
    });
    expect((await balanceOf(wallet.address)) - before).toBe(STAKE);
    expect(await readStake(chain.publicClient, stakeContract, stakeIdOf(order.subscriptionId))).toMatchObject(
      {
        amount: 0n,
        closed: true,
      },
    );
    const invoices = (
      await merchant.test(`/api/invoices?subscription_id=${order.subscriptionId}&include_return_staking=true`)
    ).body.list;
    const back = invoices.filter(
      (invoice: { billing_reason: string }) => invoice.billing_reason === 'return_stake',
    );
    expect(back).toMatchObject([{ status: 'paid', total: STAKE.toString() }]);
    expect(ended.stake.details.return_invoice_id).toBe(back[0].id);
    expect(ended.stake.details.return_reference).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('is recorded once when a run returned it on the chain and crashed before recording', async () => {
    const wallet = holders[6]!;
    const order = await staked(wallet);
    // The job runner is held: the return below is a run that reached the chain and never wrote.
    await server.app.kiosk.jobs.stop();
    try {
      const cancel = await merchant.test(`/api/subscriptions/${order.subscriptionId}/cancel`, {
        method: 'PUT',
        body: { at: 'now' },
      });
      expect(cancel.status).toBe(200);
      const deps = createDeps(server.app.kiosk.platform, server.url, { evmCollectorKey: collectorKey });
      const row = (await merchant.test(`/api/subscriptions/${order.subscriptionId}`)).body;
      const method = (await merchant.test(`/api/payment-methods/${methodId}`)).body;
      const { adapter, method: read } = deps.methods.read(method);
      const first = await adapter.returnStake!(read, row.stake);
      if (first.outcome !== 'returned') throw new Error(`the stake was not returned: ${first.reason}`);
      expect(first.amount).toBe(STAKE);
      const before = await balanceOf(wallet.address);
      // The run again (the job retried): the chain's own record answers, nothing moves twice.
      await returnEndedStake(deps, order.subscriptionId);
      await returnEndedStake(deps, order.subscriptionId);
      expect(await balanceOf(wallet.address)).toBe(before);
      const after = (await merchant.test(`/api/subscriptions/${order.subscriptionId}`)).body;
      expect(after.stake).toMatchObject({
        status: 'returned',
        details: { return_reference: first.reference },
      });
    } finally {
      server.app.kiosk.jobs.start();
    }
    await subscriptionOnce(order.subscriptionId, (row) => row.stake.status === 'returned');
    const invoices = (
      await merchant.test(`/api/invoices?subscription_id=${order.subscriptionId}&include_return_staking=true`)
    ).body.list;
    expect(
      invoices.filter((invoice: { billing_reason: string }) => invoice.billing_reason === 'return_stake'),
    ).toHaveLength(1);
  });

  /** Moves the server's clock and the chain's to `unix` together (the contract reads the chain's). */
  async function travelTo(unix: number) {
    const step = unix - clock.nowUnix();
    if (step > 0) clock.advance({ seconds: step });
    const testClient = createTestClient({
      mode: 'hardhat',
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
    const latest = Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp);
    if (unix > latest) await testClient.setNextBlockTimestamp({ timestamp: BigInt(unix) });
    await testClient.mine({ blocks: 1 });
  }

  it('ends when the customer gives notice on the chain, and resumes only with a new stake', async () => {
    const deps = createDeps(server.app.kiosk.platform, server.url, { evmCollectorKey: collectorKey });
    const subscription = (id: string) => merchant.test(`/api/subscriptions/${id}`).then((r) => r.body);
    // In a trial: it ends at once. Paid for its period: it runs to the period's end.
    const trial = await staked(holders[8]!);
    const paid = await submitted(holders[9]!, { trial_period_days: 0, min_stake_amount: '5' });
    await send(holders[9]!, paid.mandate.calls);
    expect((await paid.confirm()).status).toBe(202);
    await until(
      () => subscription(paid.subscriptionId),
      (row) => row.status === 'active',
    );
    // Every stake still held without notice: the sweep ends nothing.
    expect(await watchStakes(deps)).toEqual([]);

    const notice = (order: { mandate: { stake: { stake_id: Hex } } }): Call => ({
      to: stakeContract,
      data: encodeFunctionData({
        abi: kioskStakeAbi,
        functionName: 'giveNotice',
        args: [order.mandate.stake.stake_id],
      }),
    });
    await send(holders[8]!, [notice(trial)]);
    await send(holders[9]!, [notice(paid)]);
    expect((await watchStakes(deps)).sort()).toEqual([trial.subscriptionId, paid.subscriptionId].sort());
    expect(await watchStakes(deps)).toEqual([]);

    const ended = await subscriptionOnce(trial.subscriptionId, (row) => row.stake.status !== 'held');
    expect(ended).toMatchObject({
      status: 'canceled',
      cancelation_details: { reason: 'stake_revoked', requested_by: 'customer' },
      stake: { status: 'returned', amount: STAKE.toString() },
    });
    expect(await subscription(paid.subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancelation_details: { reason: 'stake_revoked' },
      stake: { status: 'held' },
    });
    const resumed = await merchant.test(`/api/subscriptions/${paid.subscriptionId}/recover`, {
      method: 'PUT',
    });
    expect(resumed.status).toBe(409);
    expect(resumed.body.code).toBe('STAKE_REQUIRED');
  });

  /**
   * `wallet`'s subscription with a stake, past due: paid for its first period, then the customer
   * lowers the collector's allowance, and the next cycle fails, is retried and gives up.
   */
  async function pastDue(wallet: TestWallet) {
    const order = await submitted(wallet, { trial_period_days: 0, min_stake_amount: '5' });
    await send(wallet, order.mandate.calls);
    expect((await order.confirm()).status).toBe(202);
    const subscription = () =>
      merchant.test(`/api/subscriptions/${order.subscriptionId}`).then((r) => r.body);
    await until(subscription, (row) => row.status === 'active');
    await send(wallet, [
      {
        to: token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [collectorContract, MONTHLY - 1n],
        }),
      },
    ]);
    const invoices = (query = '') =>
      merchant
        .test(`/api/invoices?subscription_id=${order.subscriptionId}&include_staking=true${query}`)
        .then(
          (r) =>
            r.body.list as { id: string; billing_reason: string; status: string; attempt_count: number }[],
        );
    const cycle = (list: Awaited<ReturnType<typeof invoices>>) =>
      list.find((invoice) => invoice.billing_reason === 'subscription_cycle');
    await travelTo((await subscription()).current_period_end);
    await until(invoices, (list) => cycle(list)?.attempt_count === 1);
    for (const [attempt, days] of [
      [2, 1],
      [3, 3],
      [4, 5],
    ] as const) {
      await travelTo(clock.nowUnix() + days * 86_400);
      await until(invoices, (list) => cycle(list)?.attempt_count === attempt);
    }
    expect(await subscription()).toMatchObject({ status: 'past_due', stake: { status: 'held' } });
    expect(cycle(await invoices())?.status).toBe('uncollectible');
    return { order, subscription, invoices, cycle };
  }

  it("pays a past-due subscription's overdue invoice from its stake when the merchant slashes it, once", async () => {
    const { order, subscription, invoices, cycle } = await pastDue(holders[7]!);

    // Two slashes at once: one is made, the other answers it.
    const slashes = await Promise.all(
      [1, 2].map(() =>
        merchant.test(`/api/subscriptions/${order.subscriptionId}/slash-stake`, {
          method: 'PUT',
          body: { reason: 'Left unpaid' },
        }),
      ),
    );
    expect(slashes.map((answer) => answer.status)).toEqual([202, 202]);
    const slashInvoiceId = slashes[0]!.body.stake.details.slash_invoice_id;
    expect(slashes[1]!.body.stake.details.slash_invoice_id).toBe(slashInvoiceId);

    const after = await until(
      subscription,
      (row) => row.stake.details.last_slash_invoice_id === slashInvoiceId,
    );
    expect(after).toMatchObject({
      status: 'active',
      stake: {
        status: 'held',
        amount: (STAKE - MONTHLY).toString(),
        details: { slash_reason: 'Left unpaid' },
      },
    });
    expect(after.stake.details.slash_invoice_id).toBeUndefined();
    // Other subscriptions of this file renew meanwhile: the slash's own transaction says what it moved.
    const receipt = await chain.publicClient.getTransactionReceipt({
      hash: after.stake.details.last_slash_reference,
    });
    const moved = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
    expect(moved.map(({ args }) => [args.from, args.to, args.value])).toEqual([
      [stakeContract, RECEIVER, MONTHLY],
    ]);
    const held = await readStake(chain.publicClient, stakeContract, stakeIdOf(order.subscriptionId));
    expect(held?.amount).toBe(STAKE - MONTHLY);
    const list = await invoices();
    expect(cycle(list)?.status).toBe('paid');
    expect(list.filter((invoice) => invoice.billing_reason === 'slash_stake')).toMatchObject([
      { id: slashInvoiceId, status: 'paid', total: MONTHLY.toString() },
    ]);

    // Run again (a retried job): nothing moves twice; and nothing is past due to slash for now.
    const deps = createDeps(server.app.kiosk.platform, server.url, { evmCollectorKey: collectorKey });
    await settleSlash(deps, order.subscriptionId);
    expect(
      (await readStake(chain.publicClient, stakeContract, stakeIdOf(order.subscriptionId)))?.amount,
    ).toBe(STAKE - MONTHLY);
    const again = await merchant.test(`/api/subscriptions/${order.subscriptionId}/slash-stake`, {
      method: 'PUT',
      body: { reason: 'Again' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SUBSCRIPTION_NOT_PAST_DUE');
  });

  it('keeps a stake returned while its slash ran returned, the overdue invoice paid once', async () => {
    const { order, invoices, cycle } = await pastDue(holders[10]!);
    const deps = createDeps(server.app.kiosk.platform, server.url, { evmCollectorKey: collectorKey });
    // The job runner is held: this test runs the slash itself, with the subscription ending between
    // the chain's slash and its record (a merchant's cancel now, and the return it starts).
    await server.app.kiosk.jobs.stop();
    try {
      const slash = await merchant.test(`/api/subscriptions/${order.subscriptionId}/slash-stake`, {
        method: 'PUT',
        body: { reason: 'Left unpaid' },
      });
      expect(slash.status).toBe(202);
      const outsideTheSlash = AsyncLocalStorage.snapshot();
      const read = deps.methods.read.bind(deps.methods);
      deps.methods.read = (row) => {
        const { adapter, method } = read(row);
        const slashStake: PaymentMethodAdapter['slashStake'] = async (...args) => {
          const made = await adapter.slashStake!(...args);
          const canceled = await merchant.test(`/api/subscriptions/${order.subscriptionId}/cancel`, {
            method: 'PUT',
            body: { at: 'now' },
          });
          expect(canceled.status).toBe(200);
          // Run as the job runner would, outside this slash's ask.
          await outsideTheSlash(() => returnEndedStake(deps, order.subscriptionId));
          return made;
        };
        return {
          adapter: Object.assign(Object.create(adapter) as PaymentMethodAdapter, { slashStake }),
          method,
        };
      };
      await settleSlash(deps, order.subscriptionId);
    } finally {
      server.app.kiosk.jobs.start();
    }
    const ended = (await merchant.test(`/api/subscriptions/${order.subscriptionId}`)).body;
    expect(ended).toMatchObject({ status: 'canceled', stake: { status: 'returned' } });
    const list = await invoices('&include_return_staking=true');
    expect(cycle(list)?.status).toBe('paid');
    const reasons = list.map((invoice) => [invoice.billing_reason, invoice.status]).sort();
    expect(reasons).toEqual(
      [
        ['return_stake', 'paid'],
        ['slash_stake', 'paid'],
        ['stake', 'paid'],
        ['subscription_create', 'paid'],
        ['subscription_cycle', 'paid'],
      ].sort(),
    );
    // What came back is what the slash left: the chain's own record of both.
    const returned = list.find((invoice) => invoice.billing_reason === 'return_stake') as unknown as {
      total: string;
    };
    expect(returned.total).toBe((STAKE - MONTHLY).toString());
  });
});
