import { defineMessages } from './define.ts';

/**
 * Card payments (issue 22): why a card failed (card-failures.ts), in the buyer's language, and the
 * portal's card texts. The server writes them on payments; the screens that take cards (the
 * checkout's card form, the portal's card invoice and plan change), loaded only when a card is
 * offered, show them.
 */
export const cardMessages = defineMessages({
  en: {
    'error.CARD_DECLINED': 'Your card was declined. Try another card or ask your bank why.',
    'error.CARD_INSUFFICIENT_FUNDS': 'Your card has insufficient funds. Try another card.',
    'error.CARD_EXPIRED': 'Your card has expired. Try another card.',
    'error.CARD_INCORRECT_CVC': "Your card's security code is incorrect.",
    'error.CARD_INCORRECT_NUMBER': 'Your card number is incorrect.',
    'error.CARD_AUTHENTICATION_FAILED':
      'Your bank could not confirm the payment. Try again or use another card.',
    'error.CARD_AUTHENTICATION_REQUIRED': 'Your bank asks you to confirm this payment.',
    'error.CARD_PROCESSING_ERROR': 'The card could not be processed. Try again in a moment.',
    'error.PAYMENT_CANCELED': 'The card payment was canceled.',
    'error.WRONG_PAYMENT': 'This card payment was made for another order.',
    'error.RAIL_NOTICE_REFUSED': 'The notice is not signed by the payment provider',
    'validation.paymentIntentId': 'Must be a card payment id (pi_…)',
    'validation.publishableKey': 'Must be a publishable key (pk_test_… or pk_live_…)',
    'validation.secretKey': 'Must be a secret or restricted key (sk_… or rk_…)',
    'validation.webhookSecret': "Must be a webhook endpoint's signing secret (whsec_…)",
    'error.CARD_AMOUNT_TOO_LARGE': 'The amount is too large for a card payment',
    'error.CARD_PAYMENT_REFUSED': 'The card processor refused to open this payment ({reason})',
    'error.CARD_METHOD_MISCONFIGURED': "The card method's keys were refused by the card processor",
    'error.PAYMENT_RAIL_UNREACHABLE': 'The payment provider could not be reached; try again in a moment',
    'error.ORDER_CHANGED': 'The order changed while it was being submitted; submit it again',
    'validation.currencyCode': 'Must be a three-letter currency code the card processor takes (USD, EUR …)',
    'validation.currencyDecimal': 'A card currency has the minor units of its code ({decimal} for {symbol})',
    'validation.cardCurrencyContract': 'A card currency has no token contract',
    'error.MANDATE_NEEDS_SETUP_CHECKOUT':
      'A card is saved on a secure setup page, not here: open the subscription’s setup checkout',
    'portal.invoice.payByCard': 'Pay {amount} by card',
    'portal.invoice.payByCardHint':
      'Pay it here with your card; your bank may ask you to confirm the payment.',
    'portal.invoice.cardPaid': 'Payment received. The invoice is updated in a moment.',
  },
  zh: {
    'error.CARD_DECLINED': '您的银行卡被拒绝。请换一张卡，或向发卡银行询问原因。',
    'error.CARD_INSUFFICIENT_FUNDS': '您的银行卡余额不足。请换一张卡。',
    'error.CARD_EXPIRED': '您的银行卡已过期。请换一张卡。',
    'error.CARD_INCORRECT_CVC': '银行卡安全码不正确。',
    'error.CARD_INCORRECT_NUMBER': '银行卡号不正确。',
    'error.CARD_AUTHENTICATION_FAILED': '您的银行未能确认这笔付款。请重试或换一张卡。',
    'error.CARD_AUTHENTICATION_REQUIRED': '您的银行要求您确认这笔付款。',
    'error.CARD_PROCESSING_ERROR': '银行卡暂时无法处理，请稍后重试。',
    'error.PAYMENT_CANCELED': '该银行卡付款已取消。',
    'error.WRONG_PAYMENT': '这笔银行卡付款属于另一笔订单。',
    'error.RAIL_NOTICE_REFUSED': '该通知并非由支付服务商签名',
    'validation.paymentIntentId': '必须是银行卡付款编号（pi_…）',
    'validation.publishableKey': '必须是可公开密钥（pk_test_… 或 pk_live_…）',
    'validation.secretKey': '必须是私密密钥或受限密钥（sk_… 或 rk_…）',
    'validation.webhookSecret': '必须是 Webhook 端点的签名密钥（whsec_…）',
    'error.CARD_AMOUNT_TOO_LARGE': '该金额超出银行卡付款的上限',
    'error.CARD_PAYMENT_REFUSED': '银行卡处理方拒绝创建这笔付款（{reason}）',
    'error.CARD_METHOD_MISCONFIGURED': '银行卡付款方式的密钥被处理方拒绝',
    'error.PAYMENT_RAIL_UNREACHABLE': '暂时无法连接支付服务商，请稍后重试',
    'error.ORDER_CHANGED': '提交期间订单发生了变化，请重新提交',
    'validation.currencyCode': '必须是银行卡处理方支持的三位货币代码（USD、EUR 等）',
    'validation.currencyDecimal': '银行卡币种的小数位须与其代码一致（{symbol} 为 {decimal} 位）',
    'validation.cardCurrencyContract': '银行卡币种没有代币合约',
    'error.MANDATE_NEEDS_SETUP_CHECKOUT': '银行卡需在安全的设置页面中保存：请打开该订阅的设置结账页面',
    'portal.invoice.payByCard': '银行卡支付 {amount}',
    'portal.invoice.payByCardHint': '请在此用银行卡支付；您的银行可能会要求您确认这笔付款。',
    'portal.invoice.cardPaid': '已收到付款，账单稍后更新。',
  },
});
