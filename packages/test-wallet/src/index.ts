export { TEST_MNEMONIC, TestWallet, type WalletFetch, type ConnectRequest } from './test-wallet.ts';
