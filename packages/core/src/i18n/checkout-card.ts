import { defineMessages } from './define.ts';

/**
 * The checkout's card form (issue 22, seed 000 §4 card branch): loaded with the form, only when a
 * buyer pays by card. Why a card failed is cards.ts's (`error.CARD_…`), which the form loads beside.
 */
export const checkoutCardMessages = defineMessages({
  en: {
    'checkoutCard.title': 'Pay {amount} by card',
    'checkoutCard.secure': 'Your card details go straight to the card processor; this site never sees them.',
    'checkoutCard.form': 'Card details',
    'checkoutCard.loading': 'Loading the card form',
    'checkoutCard.loadFailed': 'The card form could not be loaded. Check your connection and try again.',
    'checkoutCard.retry': 'Retry',
    'checkoutCard.pay': 'Pay {amount}',
    'checkoutCard.cancel': 'Cancel',
    'checkoutCard.reportFailed':
      'Your card was charged, but the shop could not be told ({reason}). Press Pay again: you will not be charged twice.',
    'checkoutCard.saveTitle': 'Subscribe with your card',
    'checkoutCard.saveConsent': 'You allow this card to be charged {amount} {interval} until you cancel.',
    'checkoutCard.subscribe': 'Subscribe',
    'checkoutCard.saveReportFailed':
      'Your card was saved, but the shop could not be told ({reason}). Press Subscribe again: you will not be charged twice.',
  },
  zh: {
    'checkoutCard.title': '银行卡支付 {amount}',
    'checkoutCard.secure': '您的银行卡信息直接发送给银行卡处理方，本网站无法看到。',
    'checkoutCard.form': '银行卡信息',
    'checkoutCard.loading': '正在加载银行卡表单',
    'checkoutCard.loadFailed': '银行卡表单加载失败。请检查网络连接后重试。',
    'checkoutCard.retry': '重试',
    'checkoutCard.pay': '支付 {amount}',
    'checkoutCard.cancel': '取消',
    'checkoutCard.reportFailed':
      '您的银行卡已扣款，但未能通知商家（{reason}）。请再次点击支付：不会重复扣款。',
    'checkoutCard.saveTitle': '使用银行卡订阅',
    'checkoutCard.saveConsent': '您同意在取消订阅之前，按 {amount} {interval} 从此卡扣款。',
    'checkoutCard.subscribe': '订阅',
    'checkoutCard.saveReportFailed':
      '您的银行卡已保存，但未能通知商家（{reason}）。请再次点击订阅：不会重复扣款。',
  },
});
