import { defineMessages } from './define.ts';

/**
 * The Bitcoin payment method (issue 26): why its settings, currency or a payment are refused. The
 * server answers them (method setup, checkout) in the caller's language; the screens that show them
 * (the merchant's method form, the checkout's Bitcoin step) load this group with themselves, so no
 * page's first load carries them.
 */
export const bitcoinMessages = defineMessages({
  en: {
    // A kind of method that cannot take subscriptions at all (Bitcoin has no pull payments).
    'error.RECURRING_NOT_SUPPORTED': 'This payment method cannot pay subscriptions: choose another one',
    'validation.bitcoinXpub':
      'Must be the extended public key of a BIP84 account (zpub or xpub; vpub or tpub on testnet and regtest)',
    'validation.bitcoinXpubPrivate':
      'This is a private key: give the account’s extended public key instead, and keep the private key in your wallet',
    'validation.bitcoinXpubNetwork': 'This extended public key is for another network than the method’s',
    'validation.bitcoinXpubDepth':
      'Must be an account-level key (m/84’/coin’/account’), as your wallet exports it, not the root or an address key',
    'validation.bitcoinCurrency': 'A Bitcoin method takes BTC only: symbol BTC, 8 decimals, no contract',
    'validation.bitcoinAddress': 'Must be a native SegWit (bc1q…, tb1q…, bcrt1q…) address',
    'error.BITCOIN_ADDRESS_GAP_LIMIT':
      '{limit} Bitcoin payments are waiting unpaid; try again when one of them is paid or expires',
    'error.BITCOIN_PAYMENT_NOT_ASSIGNED':
      'This checkout cannot give out a Bitcoin receiving address yet; choose another payment method',
    // The demo's wallet (test mode on the local regtest chain only).
    'error.TEST_BITCOIN_PAYMENT_NOT_OPEN':
      'This checkout is not waiting for a Bitcoin payment on the local test chain: pay it by Bitcoin first',
    'error.TEST_BITCOIN_PAYMENT_SENT':
      'Bitcoin was already sent to this order’s address: wait for its confirmations',
  },
  zh: {
    'error.RECURRING_NOT_SUPPORTED': '此支付方式不能支付订阅，请选择其他支付方式',
    'validation.bitcoinXpub': '必须是 BIP84 账户的扩展公钥（zpub 或 xpub；测试网和 regtest 为 vpub 或 tpub）',
    'validation.bitcoinXpubPrivate': '这是私钥：请改填账户的扩展公钥，私钥请留在您的钱包中',
    'validation.bitcoinXpubNetwork': '该扩展公钥属于其他网络，与支付方式的网络不符',
    'validation.bitcoinXpubDepth':
      '必须是钱包导出的账户级密钥（m/84’/coin’/account’），不能是根密钥或单个地址的密钥',
    'validation.bitcoinCurrency': '比特币支付方式只收 BTC：符号 BTC、8 位小数、无合约',
    'validation.bitcoinAddress': '必须是原生隔离见证地址（bc1q…、tb1q…、bcrt1q…）',
    'error.BITCOIN_ADDRESS_GAP_LIMIT': '已有 {limit} 笔比特币付款等待支付，请在其中一笔支付或过期后再试',
    'error.BITCOIN_PAYMENT_NOT_ASSIGNED': '此结账暂时无法提供比特币收款地址，请选择其他支付方式',
    'error.TEST_BITCOIN_PAYMENT_NOT_OPEN': '此结账没有在本地测试链上等待比特币付款：请先选择比特币支付',
    'error.TEST_BITCOIN_PAYMENT_SENT': '已有比特币发送到此订单的地址：请等待确认',
  },
});
