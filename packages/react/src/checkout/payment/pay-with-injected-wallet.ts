import type { Eip1193Provider } from '../../wallet/eip1193.ts';
import type { EvmTransferInstructions } from '@kiosk/contracts';

/** The wallet's account is not the buyer's: the chain watcher would refuse the transfer (WRONG_PAYER). */
export class WrongAccountError extends Error {
  override readonly name = 'WrongAccountError';
}

export class NoAccountError extends Error {
  override readonly name = 'NoAccountError';
}

/**
 * The wallet's account, checked to be the buyer's, on `chainId` (asking the wallet to switch): what
 * the server will look for as the sender of whatever the page asks the wallet to send.
 */
export async function buyerAccountOn(
  provider: Eip1193Provider,
  chainId: number,
  buyerAddress: string | undefined,
): Promise<string> {
  const { toHex } = await import('viem');
  const [account] = ((await provider.request({ method: 'eth_requestAccounts' })) as string[] | null) ?? [];
  if (!account) throw new NoAccountError('The wallet has no account');
  if (buyerAddress && account.toLowerCase() !== buyerAddress.toLowerCase())
    throw new WrongAccountError('The wallet account is not the buyer');
  if (Number(await provider.request({ method: 'eth_chainId' })) !== chainId) {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(chainId) }] });
  }
  return account;
}

/**
 * Sends the exact transfer the server asked for from a wallet in this page: an ERC-20 `transfer` or a
 * plain coin transfer, on the instructed chain (asking the wallet to switch). Answers the hash; the
 * server alone decides, from the chain, whether it paid.
 */
export async function payWithInjectedWallet(
  provider: Eip1193Provider,
  instructions: EvmTransferInstructions,
  buyerAddress: string | undefined,
): Promise<`0x${string}`> {
  // Loaded on demand: no visit needs the encoder before a wallet is chosen.
  const { encodeFunctionData, erc20Abi, toHex } = await import('viem');
  const account = await buyerAccountOn(provider, instructions.chain_id, buyerAddress);
  const amount = BigInt(instructions.amount);
  const transaction = instructions.token
    ? {
        from: account,
        to: instructions.token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [instructions.to as `0x${string}`, amount],
        }),
      }
    : { from: account, to: instructions.to, value: toHex(amount) };
  return (await provider.request({ method: 'eth_sendTransaction', params: [transaction] })) as `0x${string}`;
}
