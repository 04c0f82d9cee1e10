import type { Hex } from 'viem';
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
  app_signature: Hex;
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
    const { nonce } = (await (await this.fetch(`${baseUrl}/api/auth/nonce`)).json()) as { nonce: string };
    const site = new URL(baseUrl);
    const now = new Date();
    const signed = await this.signSiwe({
      domain: site.host,
      uri: site.origin,
      nonce,
      statement: 'Sign in to Kiosk',
      version: '1',
      issuedAt: now.toISOString(),
      expirationTime: new Date(now.getTime() + 5 * 60_000).toISOString(),
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
    if (response.status !== 200) throw new Error(`connect request refused: ${JSON.stringify(body)}`);
    return body as ConnectRequest;
  }

  /** Scans and approves a connect session in one go. */
  async approveConnect(authUrl: string): Promise<{ status: number; body: unknown }> {
    const request = await this.fetchConnectRequest(authUrl);
    const signed = await this.signSiwe(request.siwe);
    const response = await this.fetch(authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed),
    });
    return { status: response.status, body: await response.json() };
  }
}
