/** The one method of an EIP-1193 provider the sign-in uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** EIP-6963: what a wallet announces about itself. */
export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  /** A data URI, to be shown in an img element. */
  icon: string;
  rdns: string;
}

export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

/** The provider pre-EIP-6963 wallets put on `window`. */
export function legacyInjectedProvider(): Eip1193Provider | undefined {
  const candidate = (window as { ethereum?: Eip1193Provider }).ethereum;
  return typeof candidate?.request === 'function' ? candidate : undefined;
}

/** EIP-1193 error 4001: the user said no in the wallet. */
export function isUserRejection(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 4001;
}
