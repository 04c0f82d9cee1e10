import {
  BaseError,
  ContractFunctionRevertedError,
  decodeEventLog,
  erc20Abi,
  isAddressEqual,
  parseEventLogs,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import artifact from './KioskCollector.json' with { type: 'json' };
import { kioskCollectorAbi, type CollectorErrorName } from './collector-abi.ts';
import { readMandate } from './mandate.ts';
import { deployArtifact, type SigningWallet } from '../deploy-artifact.ts';

/**
 * TypeScript side of KioskCollector.sol (read its header first), the one import for the billing
 * engine and the EVM adapter: what the customer's wallet signs and what the server reads before a
 * pull (mandate.ts, readiness.ts, re-exported here), deployment, and the pull itself. Every answer
 * comes from the chain; the contract, not this file, is what keeps a merchant within the mandate.
 */

export { kioskCollectorAbi, type CollectorErrorName } from './collector-abi.ts';
export {
  collectionRefOf,
  lifetimeAllowance,
  mandateAuthorization,
  mandateIdOf,
  mandateRevocation,
  readMandate,
  type Mandate,
  type MandateTerms,
  type WalletCall,
} from './mandate.ts';
export {
  collectionReadiness,
  type CollectionReadiness,
  type Expected,
  type Funds,
  type ReadinessRefusal,
} from './readiness.ts';
export { mandateCycleSeconds } from './cycle-length.ts';

export type { SigningWallet } from '../deploy-artifact.ts';

/** Deploys KioskCollector. One deployment per chain serves every merchant; answers its address. */
export const deployCollector = (wallet: SigningWallet, client: PublicClient): Promise<Address> =>
  deployArtifact(wallet, client, {
    name: 'KioskCollector',
    abi: kioskCollectorAbi,
    bytecode: artifact.bytecode,
  });

export type CollectOutcome =
  | {
      outcome: 'collected';
      txHash: Hash;
      blockNumber: bigint;
      cycle: bigint;
      /** The token's own Transfer event, payer → receiver: what actually moved. */
      transfer: { token: Address; from: Address; to: Address; value: bigint };
      gasUsed: bigint;
      effectiveGasPrice: bigint;
    }
  | {
      outcome: 'refused';
      /** The contract's custom error; TX_FAILED when a mined pull reverted and replaying it did not say why. */
      reason: CollectorErrorName | 'TX_FAILED';
      args: readonly unknown[];
      /** Set when the pull was mined and reverted (it cost gas); absent when refused before sending. */
      txHash?: Hash;
    };

const ERROR_NAMES = new Set<string>(
  kioskCollectorAbi.flatMap((item) => (item.type === 'error' ? [item.name] : [])),
);

/**
 * The contract's refusal inside a viem error, if that is what it is. A revert the contract did not
 * name (none is expected: it only reverts with its own errors) is TX_FAILED with viem's decoding.
 */
function refusalOf(
  error: unknown,
): { reason: CollectorErrorName | 'TX_FAILED'; args: readonly unknown[] } | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return undefined;
  const { errorName, args = [] } = reverted.data ?? { errorName: undefined };
  if (errorName === undefined || !ERROR_NAMES.has(errorName)) return { reason: 'TX_FAILED', args };
  return { reason: errorName as CollectorErrorName, args };
}

/**
 * Pulls `amount` for the current cycle as the collector account `wallet` and waits for the receipt.
 * The contract is asked first (a call, no gas spent) at the pending block, the one the pull will be
 * mined in and whose time it is judged by (an idle chain's latest block may lie in a cycle long gone):
 * a refusal answers its reason without a transaction. Throws only when the chain cannot be asked or
 * the receipt does not come (then look for the pull with findCollection before trying again). Send
 * one pull at a time per collector account: concurrent sends from one account would race for its
 * nonce.
 */
export async function collect(options: {
  client: PublicClient;
  wallet: SigningWallet;
  collectorContract: Address;
  id: Hex;
  amount: bigint;
  ref: Hex;
}): Promise<CollectOutcome> {
  const { client, wallet, collectorContract, id, amount, ref } = options;
  const call = {
    address: collectorContract,
    abi: kioskCollectorAbi,
    functionName: 'collect',
    args: [id, amount, ref],
    account: wallet.account,
  } as const;
  let hash: Hash;
  try {
    const { request } = await client.simulateContract({ ...call, blockTag: 'pending' });
    hash = await wallet.writeContract(request);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { outcome: 'refused', ...refusal };
    throw error;
  }
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') {
    // Another transaction got in first (a second pull, a revocation): the same call on the state the
    // block left says which.
    try {
      await client.simulateContract({ ...call, blockNumber: receipt.blockNumber });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return { outcome: 'refused', ...refusal, txHash: hash };
      throw error;
    }
    return { outcome: 'refused', reason: 'TX_FAILED', args: [], txHash: hash };
  }
  // Only the collector's own logs: a token could log an event that looks like Collected.
  const [collected] = parseEventLogs({
    abi: kioskCollectorAbi,
    eventName: 'Collected',
    logs: receipt.logs.filter((log) => isAddressEqual(log.address, collectorContract)),
  });
  const mandate = await readMandate(client, collectorContract, id, receipt.blockNumber);
  if (!collected || !mandate) throw new Error(`pull ${hash} succeeded without a Collected event`);
  const transfer = receipt.logs
    .filter((log) => isAddressEqual(log.address, mandate.token))
    .flatMap((log) => {
      try {
        const event = decodeEventLog({
          abi: erc20Abi,
          eventName: 'Transfer',
          data: log.data,
          topics: log.topics,
        });
        return [{ token: mandate.token, from: event.args.from, to: event.args.to, value: event.args.value }];
      } catch {
        return []; // another event of the token
      }
    })
    .find((entry) => isAddressEqual(entry.from, mandate.payer) && isAddressEqual(entry.to, mandate.receiver));
  if (!transfer) throw new Error(`pull ${hash} succeeded but the token logged no transfer to the receiver`);
  return {
    outcome: 'collected',
    txHash: hash,
    blockNumber: receipt.blockNumber,
    cycle: collected.args.cycle,
    transfer,
    gasUsed: receipt.gasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
  };
}

/**
 * A pull already made for `ref` (an invoice), from the Collected events: after a pull whose outcome
 * the server never learnt (a crash, a lost receipt), this says whether the money moved before it
 * tries again.
 */
export async function findCollection(
  client: PublicClient,
  collectorContract: Address,
  query: { id: Hex; ref: Hex; fromBlock: bigint },
): Promise<{ txHash: Hash; blockNumber: bigint; cycle: bigint; amount: bigint } | undefined> {
  const [log] = await client.getContractEvents({
    address: collectorContract,
    abi: kioskCollectorAbi,
    eventName: 'Collected',
    args: { id: query.id, ref: query.ref },
    fromBlock: query.fromBlock,
    toBlock: 'latest',
    strict: true,
  });
  if (!log) return undefined;
  return {
    txHash: log.transactionHash,
    blockNumber: log.blockNumber,
    cycle: log.args.cycle,
    amount: log.args.amount,
  };
}

/**
 * Mandates revoked in a block range, for a server that watches instead of waiting for its next
 * readiness check to notice. Either way a revoked mandate is a failed payment, never a silent skip.
 */
export async function mandateRevocations(
  client: PublicClient,
  collectorContract: Address,
  range: { fromBlock: bigint; toBlock: bigint },
): Promise<{ id: Hex; payer: Address; blockNumber: bigint; txHash: Hash }[]> {
  const logs = await client.getContractEvents({
    address: collectorContract,
    abi: kioskCollectorAbi,
    eventName: 'MandateRevoked',
    fromBlock: range.fromBlock,
    toBlock: range.toBlock,
    strict: true,
  });
  return logs.map((log) => ({
    id: log.args.id,
    payer: log.args.payer,
    blockNumber: log.blockNumber,
    txHash: log.transactionHash,
  }));
}
