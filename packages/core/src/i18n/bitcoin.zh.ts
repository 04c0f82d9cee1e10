import type { bitcoinEn } from './bitcoin.ts';
import type { Translation } from './define.ts';

export const bitcoinZh: Translation<typeof bitcoinEn> = {
  'validation.bitcoinXpub': '必须是 BIP84 账户的扩展公钥（zpub 或 xpub；测试网和 regtest 为 vpub 或 tpub）',
  'validation.bitcoinXpubPrivate': '这是私钥：请改填账户的扩展公钥，私钥请留在您的钱包中',
  'validation.bitcoinXpubNetwork': '该扩展公钥属于其他网络，与支付方式的网络不符',
  'validation.bitcoinXpubDepth':
    '必须是钱包导出的账户级密钥（m/84’/coin’/account’），不能是根密钥或单个地址的密钥',
  'validation.bitcoinCurrency': '比特币支付方式只收 BTC：符号 BTC、8 位小数、无合约',
  'validation.bitcoinAddress': '必须是原生隔离见证地址（bc1q…、tb1q…、bcrt1q…）',
  'error.BITCOIN_ADDRESS_GAP_LIMIT': '已有 {limit} 笔比特币付款等待支付，请在其中一笔支付或过期后再试',
  'error.BITCOIN_PAYMENT_NOT_ASSIGNED': '此结账暂时无法提供比特币收款地址，请选择其他支付方式',
};
