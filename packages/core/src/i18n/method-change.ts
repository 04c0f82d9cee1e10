import { defineMessages } from './define.ts';

/**
 * The customer portal's "Change payment method" (seed 000 §1, future invoices only; issue 11 items 3
 * and 5; docs/recurring-crypto.md "Authorising again" and "Changing payment method"): the choice of
 * method and currency, what the wallet will be asked to allow, the wallet step and its outcome.
 */
export const methodChangeMessages = defineMessages({
  en: {
    'methodChange.button': 'Change payment method',
    'methodChange.title': 'Change payment method',
    'methodChange.description':
      'Choose how future invoices are paid. Invoices already issued stay as they are.',
    'methodChange.options': 'Payment methods',
    'methodChange.option': '{currency} on {method}',
    'methodChange.current': 'Current',
    'methodChange.again': 'Authorise again on the same wallet',
    'methodChange.switch': 'Future invoices are paid in {currency}',
    'methodChange.loading': 'Loading the payment methods',
    'methodChange.none': 'No payment method can collect this subscription.',
    'methodChange.cancel': 'Cancel',
    'methodChange.continue': 'Continue',
    'methodChange.preparing': 'Preparing…',
    'methodChange.prepareFailed': 'The authorisation could not be prepared',
    'methodChange.authorise.title': 'Authorise with your wallet',
    'methodChange.authorise.limit':
      'Your wallet will allow at most {amount} {period}, for {cycles} billing periods, on {chain}.',
    'methodChange.authorise.perCycle': 'per billing period',
    'methodChange.authorise.chain': '{name} (chain {id})',
    'methodChange.authorise.steps':
      'Your wallet asks you to confirm {count} transactions, one after another.',
    'methodChange.authorise.with': 'Authorise with {name}',
    'methodChange.authorise.sending': 'Confirm the transactions in your wallet…',
    'methodChange.authorise.confirming': 'Checking your authorisation on the chain…',
    'methodChange.authorise.failed': 'The authorisation did not go through',
    'methodChange.authorise.retry': 'Try again with {name}',
    'methodChange.authorise.checkAgain': 'Check again',
    'methodChange.authorise.noWallet':
      'No wallet was found in this browser: authorise with a wallet on another device, or open this page in your wallet app.',
    'methodChange.otherDevice': 'Use a wallet on another device',
    'methodChange.otherDeviceFailed': 'The authorisation page could not be opened',
    'methodChange.back': 'Back',
    'methodChange.done.changed': 'Future invoices are collected from {method} in {currency}.',
    'methodChange.done.again': 'Authorised again',
    'methodChange.close': 'Close',
    'methodChange.error.declined': 'You declined the authorisation in your wallet.',
    'methodChange.error.wrongAccount':
      'The wallet account is not the one you signed in with. Switch to that account and try again.',
    'methodChange.error.noAccount': 'The wallet has no account to authorise with.',
    'methodChange.error.reverted': 'A transaction failed on the chain; nothing was changed.',
    'methodChange.error.notSeen': 'The chain does not show your authorisation yet. Check again in a moment.',
  },
  zh: {
    'methodChange.button': '更改支付方式',
    'methodChange.title': '更改支付方式',
    'methodChange.description': '请选择今后账单的支付方式。已开出的账单保持不变。',
    'methodChange.options': '支付方式',
    'methodChange.option': '{method} 上的 {currency}',
    'methodChange.current': '当前',
    'methodChange.again': '在同一钱包上重新授权',
    'methodChange.switch': '今后的账单以 {currency} 支付',
    'methodChange.loading': '正在加载支付方式',
    'methodChange.none': '没有可用于此订阅扣款的支付方式。',
    'methodChange.cancel': '取消',
    'methodChange.continue': '继续',
    'methodChange.preparing': '正在准备…',
    'methodChange.prepareFailed': '无法准备授权',
    'methodChange.authorise.title': '在钱包中授权',
    'methodChange.authorise.limit':
      '您的钱包将授权{period}最多扣款 {amount}，共 {cycles} 个计费周期，所在链：{chain}。',
    'methodChange.authorise.perCycle': '每个计费周期',
    'methodChange.authorise.chain': '{name}（链 ID {id}）',
    'methodChange.authorise.steps': '钱包将依次请求您确认 {count} 笔交易。',
    'methodChange.authorise.with': '使用 {name} 授权',
    'methodChange.authorise.sending': '请在钱包中确认交易…',
    'methodChange.authorise.confirming': '正在链上确认您的授权…',
    'methodChange.authorise.failed': '授权未成功',
    'methodChange.authorise.retry': '使用 {name} 重试',
    'methodChange.authorise.checkAgain': '重新检查',
    'methodChange.authorise.noWallet':
      '此浏览器中未找到钱包：请使用其他设备上的钱包授权，或在钱包应用中打开此页面。',
    'methodChange.otherDevice': '使用其他设备上的钱包',
    'methodChange.otherDeviceFailed': '无法打开授权页面',
    'methodChange.back': '返回',
    'methodChange.done.changed': '今后的账单将通过 {method} 以 {currency} 扣款。',
    'methodChange.done.again': '已重新授权',
    'methodChange.close': '关闭',
    'methodChange.error.declined': '您在钱包中拒绝了授权。',
    'methodChange.error.wrongAccount': '钱包账户不是您登录所用的账户。请切换到该账户后重试。',
    'methodChange.error.noAccount': '钱包中没有可用于授权的账户。',
    'methodChange.error.reverted': '交易在链上执行失败，未做任何更改。',
    'methodChange.error.notSeen': '链上尚未显示您的授权，请稍后重新检查。',
  },
});
