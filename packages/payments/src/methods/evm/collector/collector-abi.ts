import { parseAbi } from 'viem';

/**
 * KioskCollector's interface, written out so viem types every call, event and error. The artifact
 * test checks it against the compiled ABI in KioskCollector.json, so the two cannot drift.
 */
export const kioskCollectorAbi = parseAbi([
  'struct Mandate { address payer; uint64 startsAt; bool revoked; address token; uint64 expiresAt; address receiver; uint64 cycleLength; address collector; uint64 nextCycle; uint256 maxPerCycle; }',
  'function createMandate(bytes32 id, address token, address receiver, address collector, uint256 maxPerCycle, uint64 cycleLength, uint64 startsAt, uint64 expiresAt)',
  'function revokeMandate(bytes32 id)',
  'function collect(bytes32 id, uint256 amount, bytes32 ref)',
  'function getMandate(bytes32 id) view returns (Mandate)',
  'event MandateCreated(bytes32 indexed id, address indexed payer, address indexed receiver, address token, address collector, uint256 maxPerCycle, uint64 cycleLength, uint64 startsAt, uint64 expiresAt)',
  'event MandateRevoked(bytes32 indexed id, address indexed payer)',
  'event Collected(bytes32 indexed id, bytes32 indexed ref, uint64 cycle, uint256 amount)',
  'error MandateExists(bytes32 id)',
  'error MandateNotFound(bytes32 id)',
  'error ZeroAddress()',
  'error NotAContract(address token)',
  'error ZeroMaximum()',
  'error ZeroCycleLength()',
  'error BadExpiry(uint64 startsAt, uint64 expiresAt)',
  'error NotPayer(bytes32 id, address caller)',
  'error NotCollector(bytes32 id, address caller)',
  'error Revoked(bytes32 id)',
  'error NotStarted(bytes32 id, uint64 startsAt)',
  'error Expired(bytes32 id, uint64 expiresAt)',
  'error ZeroAmount()',
  'error AboveMaximum(bytes32 id, uint256 amount, uint256 maxPerCycle)',
  'error CycleCollected(bytes32 id, uint64 cycle, uint256 nextCycleAt)',
  'error AllowanceTooLow(uint256 allowance, uint256 amount)',
  'error BalanceTooLow(uint256 balance, uint256 amount)',
  'error TransferFailed(address token, bytes reason)',
]);

/** The contract's custom errors by name: each is a reason a mandate action was refused. */
export type CollectorErrorName = Extract<(typeof kioskCollectorAbi)[number], { type: 'error' }>['name'];
