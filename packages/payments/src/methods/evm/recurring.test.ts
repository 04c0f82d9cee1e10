import type { PaymentCurrency } from '@kiosk/contracts';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { createTestClient, erc20Abi, getAddress, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MandateRequest, Method, PayerStanding, StoredMandate } from '../adapter.ts';
import { createEvmAdapter } from './adapter.ts';
import {
  deployCollector,
  kioskCollectorAbi,
  mandateIdOf,
  mandateRevocation,
  type WalletCall,
} from './collector/collector.ts';
import { evmSettings, type EvmSettings } from './settings.ts';

/**
 * The EVM adapter's subscriptions on a real local chain with KioskCollector deployed: the instructions
 * the customer's wallet sends, the server's check of the mandate they create, and the pulls the
 * collector key makes under it. Each test has its own customer, so allowances never mix.
 */

const MAX = 10_000_000n; // 10 tokens of 6 decimals per cycle
const MINTED = 1_000_000_000n;
const CYCLE = 28n * 86_400n; // a monthly price's mandate cycle (cycle-length.ts)

describe('the EVM adapter, recurring', () => {
  let chain: DevChain;
  let receiver: Address;
  let payers: Address[];
  let token: Address;
  let collectorContract: Address;
  const collectorKey = generatePrivateKey();
  const collectorAddress = privateKeyToAccount(collectorKey).address;
  const adapter = createEvmAdapter({ collectorKey });
  let subscriptions = 0;

  const didOf = (account: Address) => `did:pkh:eip155:${chain.chainId}:${account.toLowerCase()}`;
  const now = async () => Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp);
  const balanceOf = (of: Address) =>
    chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [of] });

  const methodWith = (settings: Partial<EvmSettings> = {}): Method<EvmSettings> => ({
    id: 'pm_local',
    livemode: false,
    type: 'evm',
    name: 'Local chain',
    description: null,
    logo: null,
    settings: evmSettings.parse({
      chain_id: chain.chainId,
      api_host: chain.rpcUrl,
      receiving_address: receiver,
      collector_contract: collectorContract,
      ...settings,
    }),
    default_currency_id: null,
    active: true,
    metadata: {},
    created_at: 0,
    updated_at: 0,
    payment_currencies: [],
  });
  const currencyOf = (contract: string | null): PaymentCurrency => ({
    id: contract ? 'pc_tusd' : 'pc_eth',
    name: contract ? 'Test Dollar' : 'Ether',
    symbol: contract ? 'TUSD' : 'ETH',
    decimal: contract ? 6 : 18,
    maximum_precision: 6,
    logo: null,
    contract,
    active: true,
    livemode: false,
    payment_method_id: 'pm_local',
    is_base_currency: false,
  });
  let method: Method<EvmSettings>;
  let currency: PaymentCurrency;

  /** A monthly subscription's request starting now, for a year. */
  async function requestFor(overrides: Partial<MandateRequest> = {}): Promise<MandateRequest> {
    const startsAt = await now();
    return {
      subscriptionId: `sub_${++subscriptions}`,
      maxPerCycle: MAX,
      recurring: { interval: 'month', interval_count: 1 },
      startsAt,
      cycles: 12,
      // Twelve calendar months: longer than twelve 28-day windows.
      expiresAt: startsAt + 365 * 86_400,
      ...overrides,
    };
  }

  async function send(from: Address, call: WalletCall) {
    const hash = await chain.walletOf(from).sendTransaction(call);
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  }

  /** What the wallet signs: this adapter's instructions are always the EVM kind. */
  function evmInstructions(request: MandateRequest, standing?: PayerStanding) {
    const instructions = adapter.mandateInstructions!(method, currency, request, standing);
    if (instructions.type !== 'evm_mandate') throw new Error(`unexpected ${instructions.type}`);
    return instructions;
  }

  /** The customer's wallet sends every call of the mandate instructions, in order. */
  async function authorise(payer: Address, request: MandateRequest) {
    const standing = await adapter.readPayer!(method, currency, didOf(payer));
    for (const call of evmInstructions(request, standing).calls) await send(payer, call as WalletCall);
  }

  /** A mandate the customer authorised and the server verified, as the subscription stores it. */
  async function subscribed(payer: Address): Promise<StoredMandate> {
    const request = await requestFor();
    await authorise(payer, request);
    const verdict = await adapter.verifyMandate!(method, currency, { ...request, payerDid: didOf(payer) });
    if (verdict.outcome !== 'authorized')
      throw new Error(`mandate not authorized: ${JSON.stringify(verdict)}`);
    const { outcome: _, ...stored } = verdict;
    return stored;
  }

  /** The server's clock, as the billing engine passes it (the chain's may be ahead: it is travelled). */
  const serverNow = () => Math.floor(Date.now() / 1000);
  const collect = (mandate: StoredMandate, invoiceId: string, amount: bigint) =>
    adapter.collect!(method, currency, mandate, { invoiceId, amount, now: serverNow(), attempt: 0 });

  async function approve(payer: Address, amount: bigint) {
    const hash = await chain.walletOf(payer).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [collectorContract, amount],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
  }

  /** The Collected events of a mandate: one per pull that moved tokens. */
  const pullsOf = (id: string) =>
    chain.publicClient.getContractEvents({
      address: collectorContract,
      abi: kioskCollectorAbi,
      eventName: 'Collected',
      args: { id: id as Hex },
      fromBlock: 0n,
    });

  async function refusalOf(instructions: () => unknown) {
    try {
      await instructions();
    } catch (error) {
      return { code: (error as { code?: string }).code, status: (error as { status?: number }).status };
    }
    throw new Error('the instructions were not refused');
  }

  beforeAll(async () => {
    chain = await startDevChain();
    const [deployer] = chain.accounts as [Address];
    receiver = chain.accounts[1]!;
    payers = chain.accounts.slice(2);
    token = getAddress(
      await chain.deployDemoToken({
        name: 'Test Dollar',
        symbol: 'TUSD',
        decimals: 6,
        mintTo: payers,
        amount: MINTED,
      }),
    );
    collectorContract = await deployCollector(chain.walletOf(deployer), chain.publicClient);
    // The collector key is the server's own, not a node account: it pays its pulls' gas.
    await createTestClient({
      mode: 'hardhat',
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    }).setBalance({ address: collectorAddress, value: parseEther('10') });
    method = methodWith();
    currency = currencyOf(token);
  });
  afterAll(() => chain?.stop());

  it('refuses mandate instructions without a collector contract, without a collector key, or for a native coin', async () => {
    const request = await requestFor();
    const notConfigured = { code: 'RECURRING_NOT_CONFIGURED', status: 400 };
    expect(
      await refusalOf(() =>
        adapter.mandateInstructions!(methodWith({ collector_contract: undefined }), currency, request),
      ),
    ).toEqual(notConfigured);
    const keyless = createEvmAdapter({});
    expect(keyless.capabilities).toEqual({ recurring: true, collect: false, refund: false, stake: false });
    expect(await refusalOf(() => keyless.mandateInstructions!(method, currency, request))).toEqual(
      notConfigured,
    );
    expect(await refusalOf(() => adapter.mandateInstructions!(method, currencyOf(null), request))).toEqual(
      notConfigured,
    );
    expect(adapter.capabilities).toEqual({ recurring: true, collect: true, refund: false, stake: true });
  });

  it('authorizes the mandate the customer’s wallet created from the instructions, and stores its terms', async () => {
    const payer = payers[0]!;
    const request = await requestFor();
    const instructions = evmInstructions(request, await adapter.readPayer!(method, currency, didOf(payer)));
    const expiresAt = request.expiresAt;
    expect(instructions).toMatchObject({
      type: 'evm_mandate',
      chain_id: chain.chainId,
      contract: collectorContract,
      mandate_id: mandateIdOf(request.subscriptionId),
      token,
      receiver,
      max_per_cycle: MAX.toString(),
      cycle_seconds: Number(CYCLE),
      starts_at: request.startsAt,
      expires_at: expiresAt,
      allowance: (MAX * 12n).toString(),
      currency_id: 'pc_tusd',
    });
    expect(instructions.calls.map((call) => call.to)).toEqual([token, collectorContract]);

    const asked = { ...request, payerDid: didOf(payer) };
    expect(await adapter.verifyMandate!(method, currency, asked)).toEqual({
      outcome: 'pending',
      reason: 'NOT_FOUND',
    });
    await authorise(payer, request);
    const verdict = await adapter.verifyMandate!(method, currency, asked);
    expect(verdict).toEqual({
      outcome: 'authorized',
      id: mandateIdOf(request.subscriptionId),
      payer,
      details: {
        contract: collectorContract,
        token,
        receiver,
        collector: collectorAddress,
        max_per_cycle: MAX.toString(),
        cycle_seconds: CYCLE.toString(),
        starts_at: request.startsAt.toString(),
        expires_at: expiresAt.toString(),
        chain_id: chain.chainId.toString(),
        verified_block: expect.stringMatching(/^\d+$/),
      },
    });
  });

  it('rejects a mandate created by another account than the signed-in customer', async () => {
    const [payer, other] = [payers[1]!, payers[2]!];
    const request = await requestFor();
    await authorise(other, request);
    expect(await adapter.verifyMandate!(method, currency, { ...request, payerDid: didOf(payer) })).toEqual({
      outcome: 'rejected',
      reason: 'WRONG_PAYER',
    });
  });

  it('rejects a mandate with a lower maximum per cycle than the subscription asked', async () => {
    const payer = payers[3]!;
    const request = await requestFor();
    // The browser swapped in instructions of its own before the wallet signed.
    await authorise(payer, { ...request, maxPerCycle: MAX - 1n });
    expect(await adapter.verifyMandate!(method, currency, { ...request, payerDid: didOf(payer) })).toEqual({
      outcome: 'rejected',
      reason: 'MANDATE_MISMATCH',
    });
  });

  it('rejects a mandate whose allowance no longer covers the first cycle', async () => {
    const payer = payers[4]!;
    const request = await requestFor();
    await authorise(payer, request);
    await approve(payer, MAX - 1n);
    expect(await adapter.verifyMandate!(method, currency, { ...request, payerDid: didOf(payer) })).toEqual({
      outcome: 'rejected',
      reason: 'ALLOWANCE_INSUFFICIENT',
    });
  });

  it('collects exactly the invoice’s amount from the customer to the receiver', async () => {
    const payer = payers[5]!;
    const mandate = await subscribed(payer);
    const [payerBefore, receiverBefore] = [await balanceOf(payer), await balanceOf(receiver)];
    const verdict = await collect(mandate, 'in_first', 7_500_000n);
    expect(verdict).toEqual({
      outcome: 'received',
      reference: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      amount: 7_500_000n,
      payer,
      details: {
        tx_hash: verdict.outcome === 'received' ? verdict.reference : '',
        block_number: expect.stringMatching(/^\d+$/),
        cycle: '0',
        contract: collectorContract,
        mandate_id: mandate.id,
      },
    });
    expect(await balanceOf(payer)).toBe(payerBefore - 7_500_000n);
    expect(await balanceOf(receiver)).toBe(receiverBefore + 7_500_000n);
  });

  it('answers a second collect of the same invoice with the first pull, moving tokens once', async () => {
    const payer = payers[6]!;
    const mandate = await subscribed(payer);
    const first = await collect(mandate, 'in_twice', MAX);
    expect(first.outcome).toBe('received');
    expect(await collect(mandate, 'in_twice', MAX)).toEqual(first);
    expect(await pullsOf(mandate.id)).toHaveLength(1);
    expect(await balanceOf(payer)).toBe(MINTED - MAX);
  });

  it('waits for the next cycle when this one was collected, answering when it can be taken', async () => {
    const payer = payers[7]!;
    const mandate = await subscribed(payer);
    expect((await collect(mandate, 'in_cycle_0', MAX)).outcome).toBe('received');
    expect(await collect(mandate, 'in_cycle_1', MAX)).toEqual({
      outcome: 'waiting',
      retryAt: Number(mandate.details.starts_at) + Number(CYCLE),
    });
    expect(await pullsOf(mandate.id)).toHaveLength(1);
  });

  it('fails a pull the lowered allowance cannot cover, to be retried', async () => {
    const payer = payers[8]!;
    const mandate = await subscribed(payer);
    await approve(payer, MAX - 1n);
    expect(await collect(mandate, 'in_allowance', MAX)).toEqual({
      outcome: 'failed',
      reason: 'ALLOWANCE_INSUFFICIENT',
      final: false,
    });
    expect(await balanceOf(payer)).toBe(MINTED);
  });

  it('fails for good under a mandate the customer revoked', async () => {
    const payer = payers[9]!;
    const mandate = await subscribed(payer);
    await send(payer, mandateRevocation(collectorContract, mandate.id as Hex));
    expect(await collect(mandate, 'in_revoked', MAX)).toEqual({
      outcome: 'failed',
      reason: 'MANDATE_REVOKED',
      final: true,
    });
    expect(await balanceOf(payer)).toBe(MINTED);
  });

  it('collects two subscriptions at once from one collector key', async () => {
    const [first, second] = [await subscribed(payers[10]!), await subscribed(payers[11]!)];
    const receiverBefore = await balanceOf(receiver);
    // Another adapter with the same key, as a second registry in one process would have.
    const sameKey = createEvmAdapter({ collectorKey });
    const verdicts = await Promise.all([
      collect(first, 'in_together_1', MAX),
      sameKey.collect!(method, currency, second, {
        invoiceId: 'in_together_2',
        amount: MAX,
        attempt: 0,
        now: serverNow(),
      }),
    ]);
    expect(verdicts.map((verdict) => verdict.outcome)).toEqual(['received', 'received']);
    expect(await balanceOf(receiver)).toBe(receiverBefore + 2n * MAX);
  });
});
