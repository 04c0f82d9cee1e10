import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  type Address,
  type Hash,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

/**
 * A real wallet built on viem local accounts: it signs in by SIWE and answers connect sessions over the
 * same HTTP protocol a phone wallet uses (docs/identity.md). Tests and the demo's "Test wallet" use it.
 * Never use it with real funds: its keys are either random or from the public test mnemonic.
 */

/** The well-known development mnemonic (Hardhat's): its accounts are funded on the local chain. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

export type WalletFetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}>;

export interface ConnectRequest {
  action: string;
  token: string;
  app: { name: string; url: string; did: string };
  siwe: {
    domain: string;
    uri: string;
    nonce: string;
    statement?: string;
    version: '1';
    issuedAt: string;
    expirationTime?: string;
  };
  params: Record<string, unknown>;
  expires_at: number;
  /** Present when the action asks the wallet to pay (action `payment`). */
  payment?: ConnectPayment;
  /** Present when the action asks the wallet to authorise a subscription (action `subscription`). */
  mandate?: ConnectMandate;
  app_signature: Hex;
}

/** The exact transfer a `payment` connect session asks for (docs/identity.md §2). */
export interface ConnectPayment {
  type: 'evm_transfer';
  checkout_session_id: string;
  /** The account that must send it (the buyer's); null when any may (an anonymous donation). */
  payer: Address | null;
  chain_id: number;
  to: Address;
  /** ERC-20 contract, or null for the chain's native coin. */
  token: Address | null;
  /** In the currency's smallest unit. */
  amount: string;
  currency_id: string;
  symbol: string;
  decimal: number;
}

/**
 * The mandate a `subscription` connect session asks for: calls to send in order (an ERC-20 allowance
 * to the collector contract, then the mandate itself), with the terms they carry.
 */
export interface ConnectMandate {
  type: 'evm_mandate';
  chain_id: number;
  contract: Address;
  mandate_id: Hex;
  token: Address;
  receiver: Address;
  max_per_cycle: string;
  cycle_seconds: number;
  starts_at: number;
  expires_at: number;
  allowance: string;
  calls: { to: Address; data: Hex }[];
  currency_id: string;
  decimal: number;
  symbol: string;
}

/** Where a chain method acts: a JSON-RPC endpoint and the chain id it must answer. */
export interface ChainTarget {
  rpcUrl: string;
  chainId: number;
}

/** The ERC-20 functions and events the wallet uses (viem's standard ABI, not a project contract's). */
export const ERC20_ABI = erc20Abi;

/** The server refused to show a connect request (an unknown, expired or no longer payable session). */
export class ConnectRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`connect request refused: ${status} ${JSON.stringify(body)}`);
    this.name = 'ConnectRefusedError';
  }
}

/** A transaction that was mined but failed: it spent gas, changed nothing else. */
export class TransactionRevertedError extends Error {
  constructor(
    readonly hash: Hash,
    readonly receipt: TransactionReceipt,
  ) {
    super(`transaction ${hash} reverted in block ${receipt.blockNumber}`);
    this.name = 'TransactionRevertedError';
  }
}

function chainClients({ rpcUrl, chainId }: ChainTarget) {
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  // Short polling, no cache and no retries: these chains are local or test networks where blocks come
  // fast, and viem would retry each revert Hardhat reports (as an internal error) for a second.
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 }),
    chain,
    transport,
  };
}

export class TestWallet {
  readonly account: LocalAccount;
  private readonly fetch: WalletFetch;

  constructor(options: { privateKey?: Hex; index?: number; fetch?: WalletFetch } = {}) {
    this.account =
      options.privateKey !== undefined
        ? privateKeyToAccount(options.privateKey)
        : mnemonicToAccount(TEST_MNEMONIC, { addressIndex: options.index ?? 0 });
    this.fetch = options.fetch ?? (globalThis.fetch as unknown as WalletFetch);
  }

  /** A wallet nobody else has: a fresh random key. */
  static random(options: { fetch?: WalletFetch } = {}): TestWallet {
    return new TestWallet({ ...options, privateKey: generatePrivateKey() });
  }

  get address(): Hex {
    return this.account.address;
  }

  /** The DID Kiosk knows this wallet by (docs/identity.md §1). */
  get did(): string {
    return `did:pkh:eip155:1:${this.address.toLowerCase()}`;
  }

  /** Builds and signs an EIP-4361 message; `overrides` lets tests forge the bad ones. */
  async signSiwe(
    fields: ConnectRequest['siwe'] & { chainId?: number },
    overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  ): Promise<{ message: string; signature: Hex }> {
    const message = createSiweMessage({
      address: this.address,
      chainId: fields.chainId ?? 1,
      domain: fields.domain,
      uri: fields.uri,
      nonce: fields.nonce,
      version: '1',
      statement: fields.statement,
      issuedAt: new Date(fields.issuedAt),
      expirationTime: fields.expirationTime ? new Date(fields.expirationTime) : undefined,
      ...overrides,
    });
    return { message, signature: await this.account.signMessage({ message }) };
  }

  /** Signs in at `baseUrl` by SIWE; answers the session cookie (`name=value`) and the user. */
  async signIn(baseUrl: string): Promise<{ cookie: string; user: unknown }> {
    const { nonce, expires_at } = (await (await this.fetch(`${baseUrl}/api/auth/nonce`)).json()) as {
      nonce: string;
      expires_at: number;
    };
    const site = new URL(baseUrl);
    // The message lives as long as its nonce, in the server's time: a server on a test clock that
    // has moved ahead still accepts it.
    const expires = new Date(expires_at * 1000);
    const signed = await this.signSiwe({
      domain: site.host,
      uri: site.origin,
      nonce,
      statement: 'Sign in to Kiosk',
      version: '1',
      issuedAt: new Date(expires.getTime() - 5 * 60_000).toISOString(),
      expirationTime: expires.toISOString(),
    });
    const response = await this.fetch(`${baseUrl}/api/auth/siwe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed),
    });
    const body = (await response.json()) as { user?: unknown; code?: string };
    if (response.status !== 200) throw new Error(`sign-in refused: ${response.status} ${body.code}`);
    const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
    return { cookie, user: body.user };
  }

  /** Fetches a connect session's request, as a wallet does after scanning its QR code. */
  async fetchConnectRequest(authUrl: string): Promise<ConnectRequest> {
    const response = await this.fetch(authUrl);
    const body = await response.json();
    if (response.status !== 200) throw new ConnectRefusedError(response.status, body);
    return body as ConnectRequest;
  }

  /**
   * Scans and approves a connect session in one go. When it asks for a payment, the wallet first makes
   * the transfer through `rpcUrls[chain_id]` and answers its hash; when it asks for a mandate, it first
   * sends the mandate's calls there, each mined before the next, and answers their hashes.
   */
  async approveConnect(
    authUrl: string,
    options: { rpcUrls?: Record<number, string> } = {},
  ): Promise<{ status: number; body: unknown }> {
    const request = await this.fetchConnectRequest(authUrl);
    const rpcUrls = options.rpcUrls ?? {};
    const sent = request.payment
      ? { tx_hash: await this.pay(request.payment, rpcUrls) }
      : request.mandate
        ? { tx_hashes: await this.authorise(request.mandate, rpcUrls) }
        : {};
    const signed = await this.signSiwe(request.siwe);
    const response = await this.fetch(authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...signed, ...sent }),
    });
    return { status: response.status, body: await response.json() };
  }

  /**
   * Sends a mandate's calls in order, each mined before the next (the mandate spends the allowance the
   * call before grants); answers their hashes, or throws at the first that reverted.
   */
  async authorise(mandate: ConnectMandate, rpcUrls: Record<number, string>): Promise<Hash[]> {
    const rpcUrl = rpcUrls[mandate.chain_id];
    if (!rpcUrl) throw new Error(`the wallet has no RPC URL for chain ${mandate.chain_id} (options.rpcUrls)`);
    const { publicClient, chain, transport } = chainClients({ rpcUrl, chainId: mandate.chain_id });
    const wallet = createWalletClient({ account: this.account, chain, transport });
    const hashes: Hash[] = [];
    for (const call of mandate.calls) {
      const hash = await wallet.sendTransaction({ to: call.to, data: call.data });
      hashes.push(await this.mined(publicClient, hash));
    }
    return hashes;
  }

  /** Makes the transfer a connect session asks for; answers its hash once mined. */
  async pay(payment: ConnectPayment, rpcUrls: Record<number, string>): Promise<Hash> {
    if (payment.payer && payment.payer.toLowerCase() !== this.address.toLowerCase())
      throw new Error(`the payment must come from ${payment.payer}, not this wallet's ${this.address}`);
    const rpcUrl = rpcUrls[payment.chain_id];
    if (!rpcUrl) throw new Error(`the wallet has no RPC URL for chain ${payment.chain_id} (options.rpcUrls)`);
    const target = { rpcUrl, chainId: payment.chain_id, to: payment.to };
    const amount = BigInt(payment.amount);
    return payment.token
      ? this.transferToken({ ...target, token: payment.token, amount })
      : this.sendNative({ ...target, value: amount });
  }
  /** Sends `value` wei of the chain's coin to `to`; answers the hash once mined, or throws if it reverted. */
  async sendNative(options: ChainTarget & { to: Address; value: bigint }): Promise<Hash> {
    const { publicClient, chain, transport } = chainClients(options);
    const wallet = createWalletClient({ account: this.account, chain, transport });
    const hash = await wallet.sendTransaction({ to: options.to, value: options.value });
    return this.mined(publicClient, hash);
  }

  /**
   * Calls `token.transfer(to, amount)`; answers the hash once mined, or throws if it reverted. A
   * transfer the chain would refuse throws before sending, at gas estimation; give `gas` to skip the
   * estimate and get it mined and reverted (a TransactionRevertedError), as a careless wallet would.
   */
  async transferToken(
    options: ChainTarget & { token: Address; to: Address; amount: bigint; gas?: bigint },
  ): Promise<Hash> {
    const { publicClient, chain, transport } = chainClients(options);
    const wallet = createWalletClient({ account: this.account, chain, transport });
    const hash = await wallet.writeContract({
      address: options.token,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [options.to, options.amount],
      gas: options.gas,
    });
    return this.mined(publicClient, hash);
  }

  /**
   * Signs `token.transfer(to, amount)` without sending it: answers its hash now and `send()` to
   * broadcast it later — a wallet whose transaction reaches the chain after its hash was named.
   */
  async signTokenTransfer(
    options: ChainTarget & { token: Address; to: Address; amount: bigint },
  ): Promise<{ hash: Hash; raw: Hex; send(): Promise<Hash> }> {
    const { publicClient, chain, transport } = chainClients(options);
    const wallet = createWalletClient({ account: this.account, chain, transport });
    const request = await wallet.prepareTransactionRequest({
      to: options.token,
      data: encodeFunctionData({
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [options.to, options.amount],
      }),
    });
    const signed = await wallet.signTransaction(request);
    return {
      hash: keccak256(signed),
      /** The signed transaction, for a test that broadcasts it itself (e.g. to a node not mining). */
      raw: signed,
      send: async () =>
        this.mined(publicClient, await wallet.sendRawTransaction({ serializedTransaction: signed })),
    };
  }

  /** This wallet's balance: in wei, or in the smallest unit of `token` when given. */
  async balanceOf(options: ChainTarget & { token?: Address }): Promise<bigint> {
    const { publicClient } = chainClients(options);
    if (options.token === undefined) return publicClient.getBalance({ address: this.address });
    return publicClient.readContract({
      address: options.token,
      abi: ERC20_ABI,
      functionName: 'balanceOf',
      args: [this.address],
    });
  }

  private async mined(
    publicClient: ReturnType<typeof chainClients>['publicClient'],
    hash: Hash,
  ): Promise<Hash> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new TransactionRevertedError(hash, receipt);
    return hash;
  }
}
