/**
 * The Bitcoin payment method (issue 26): why its settings, currency or a payment are refused. The
 * server answers them (method setup, checkout); a page that shows them loads them with the first load.
 */
export const bitcoinEn = {
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
};
