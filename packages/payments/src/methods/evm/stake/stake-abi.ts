import { parseAbi } from 'viem';

/**
 * KioskStake's interface, written out so viem types every call, event and error. The artifact test
 * (../artifacts.test.ts) checks it against the compiled ABI in KioskStake.json, so the two cannot drift.
 */
export const kioskStakeAbi = parseAbi([
  'struct Stake { address staker; uint64 withdrawableAt; address token; uint64 noticePeriod; address receiver; bool closed; address operator; uint256 amount; }',
  'function MAX_NOTICE() view returns (uint64)',
  'function stake(bytes32 id, address token, address receiver, address operator, uint256 amount, uint64 noticePeriod)',
  'function slash(bytes32 id, uint256 amount, bytes32 ref)',
  'function returnStake(bytes32 id)',
  'function giveNotice(bytes32 id)',
  'function withdraw(bytes32 id)',
  'function getStake(bytes32 id) view returns (Stake)',
  'event Staked(bytes32 indexed id, address indexed staker, address indexed receiver, address token, address operator, uint256 amount, uint64 noticePeriod)',
  'event Slashed(bytes32 indexed id, bytes32 indexed ref, uint256 amount)',
  'event Returned(bytes32 indexed id, uint256 amount)',
  'event NoticeGiven(bytes32 indexed id, uint64 withdrawableAt)',
  'event Withdrawn(bytes32 indexed id, uint256 amount)',
  'error StakeExists(bytes32 id)',
  'error StakeNotFound(bytes32 id)',
  'error ZeroAddress()',
  'error NotAContract(address token)',
  'error ZeroAmount()',
  'error NoticeTooLong(uint64 noticePeriod, uint64 maximum)',
  'error NotOperator(bytes32 id, address caller)',
  'error NotStaker(bytes32 id, address caller)',
  'error Closed(bytes32 id)',
  'error AboveStaked(bytes32 id, uint256 amount, uint256 staked)',
  'error NoticeAlreadyGiven(bytes32 id, uint64 withdrawableAt)',
  'error NoticeNotGiven(bytes32 id)',
  'error NoticeRunning(bytes32 id, uint64 withdrawableAt)',
  'error TransferFailed(address token, bytes reason)',
]);
