export {
  ERC20_ABI,
  TEST_MNEMONIC,
  ConnectRefusedError,
  TestWallet,
  TransactionRevertedError,
  type ChainTarget,
  type ConnectMandate,
  type ConnectPayment,
  type ConnectRequest,
  type WalletFetch,
} from './test-wallet.ts';
