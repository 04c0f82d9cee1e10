import type { SessionUser } from '../hooks/use-session.ts';
import { kioskClient } from './api.ts';
import type { Eip1193Provider } from '@kiosk/react';

/** The wallet answered without an account to sign with (e.g. it is locked with none set up). */
export class NoWalletAccountError extends Error {
  override readonly name = 'NoWalletAccountError';
}

/** Sign-In with Ethereum through a wallet in this page (docs/identity.md §1); the server sets the cookie. */
export async function signInWithInjectedWallet(
  provider: Eip1193Provider,
  now = new Date(),
): Promise<SessionUser> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  if (!accounts?.[0]) throw new NoWalletAccountError('The wallet has no account');
  const chainId = Number(await provider.request({ method: 'eth_chainId' }));
  const { nonce } = await kioskClient.call('GET /api/auth/nonce');

  // Loaded on demand: the message code is viem's, and no visit needs it before a wallet is chosen.
  const { buildSiweMessage, personalSignParams } = await import('./siwe-message.ts');
  const { address, message } = buildSiweMessage({ account: accounts[0], chainId, nonce, now });
  const signature = await provider.request({
    method: 'personal_sign',
    params: personalSignParams(message, address),
  });
  const { user } = await kioskClient.call('POST /api/auth/siwe', {
    body: { message, signature: signature as string },
  });
  return user;
}
