import { defineMessages } from './define.ts';

/**
 * A subscription's stake (issue 25, docs/staking.md): what the authorise dialog says of it, and why
 * the server refuses one. The server answers these in the caller's language; the dialog that shows
 * them loads this group with itself, so no page's first load carries them.
 */
export const stakeMessages = defineMessages({
  en: {
    'checkout.mandate.stake':
      'You also lock a stake of {amount}. It is not part of the price: it comes back to you when the subscription ends, and the merchant can take from it only what you leave unpaid.',
    'error.STAKE_AMOUNT_INVALID': 'The stake amount {amount} has more decimal places than the currency',
    'error.STAKE_MISMATCH': 'The stake on the chain is not the one this subscription asked for',
    'error.STAKE_REVOKED': 'The stake for this subscription is being withdrawn',
    'error.STAKE_NOT_HELD': 'This subscription holds no stake',
    'error.STAKE_TOO_LOW': 'The stake does not cover an overdue invoice',
    'error.SUBSCRIPTION_NOT_PAST_DUE': 'Only a past-due subscription can have its stake slashed',
    'error.STAKE_REQUIRED': 'Its stake was withdrawn: the subscription resumes only with a new stake',
  },
  zh: {
    'checkout.mandate.stake':
      '您还将锁定 {amount} 作为质押。它不计入价格：订阅结束时退还给您，商家只能从中扣除您未支付的款项。',
    'error.STAKE_AMOUNT_INVALID': '质押金额 {amount} 的小数位数超过了该币种的精度',
    'error.STAKE_MISMATCH': '链上的质押与此订阅要求的不一致',
    'error.STAKE_REVOKED': '此订阅的质押正在被撤回',
    'error.STAKE_NOT_HELD': '此订阅没有质押',
    'error.STAKE_TOO_LOW': '质押不足以支付任何一张逾期账单',
    'error.SUBSCRIPTION_NOT_PAST_DUE': '只有逾期的订阅才能扣除质押',
    'error.STAKE_REQUIRED': '其质押已被撤回：订阅需要新的质押才能恢复',
  },
});
