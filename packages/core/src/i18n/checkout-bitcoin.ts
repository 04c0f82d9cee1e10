import { defineMessages } from './define.ts';

/**
 * The checkout's Bitcoin step (issue 26 item 1): the address, the amount, the QR code, the countdown
 * and the wait for confirmations. Loaded with the step, only when a buyer pays by Bitcoin.
 */
export const checkoutBitcoinMessages = defineMessages({
  en: {
    'checkoutBitcoin.title': 'Pay {amount} by Bitcoin',
    'checkoutBitcoin.intro':
      'Send exactly this amount to this address from any Bitcoin wallet. The address is for this order only.',
    'checkoutBitcoin.amount': 'Amount',
    'checkoutBitcoin.address': 'Address',
    'checkoutBitcoin.copyAmount': 'Copy the amount',
    'checkoutBitcoin.copyAddress': 'Copy the address',
    'checkoutBitcoin.copyFailed': 'Could not copy: select the text and copy it yourself',
    'checkoutBitcoin.qrAlt': 'QR code of the Bitcoin payment request ({amount} BTC to {address})',
    'checkoutBitcoin.openWallet': 'Open in wallet',
    'checkoutBitcoin.confirmations': 'It counts as paid after {count} confirmation(s) on the chain.',
    'checkoutBitcoin.expiresIn': 'Time left to pay: {time}',
    'checkoutBitcoin.paid': 'I have paid',
    'checkoutBitcoin.close': 'Close',
    'checkoutBitcoin.waiting': 'Waiting for the payment…',
    'checkoutBitcoin.waitingHint': 'You can keep this page open; it updates by itself.',
    'checkoutBitcoin.seen': 'Payment seen, waiting for confirmations: {seen} of {needed}',
    'checkoutBitcoin.nameFailed': 'The shop could not be told ({reason}). Press “I have paid” again.',
    'checkoutBitcoin.expired':
      'The time to pay this order has run out. A payment sent now is refunded, not taken for the order.',
    'checkoutBitcoin.startAgain': 'Start again',
    'checkoutBitcoin.demoWallet': 'Pay with the demo wallet',
    'checkoutBitcoin.demoWalletHint':
      'Demo only: the local test chain sends exactly this amount to this address. Its coins are worth nothing.',
    'checkoutBitcoin.demoWalletFailed': 'The demo wallet could not pay ({reason}).',
  },
  zh: {
    'checkoutBitcoin.title': '比特币支付 {amount}',
    'checkoutBitcoin.intro': '请从任意比特币钱包向此地址发送该准确金额。此地址仅用于本订单。',
    'checkoutBitcoin.amount': '金额',
    'checkoutBitcoin.address': '地址',
    'checkoutBitcoin.copyAmount': '复制金额',
    'checkoutBitcoin.copyAddress': '复制地址',
    'checkoutBitcoin.copyFailed': '无法复制：请选中文字后自行复制',
    'checkoutBitcoin.qrAlt': '比特币付款请求二维码（{amount} BTC 至 {address}）',
    'checkoutBitcoin.openWallet': '在钱包中打开',
    'checkoutBitcoin.confirmations': '链上确认 {count} 次后视为已支付。',
    'checkoutBitcoin.expiresIn': '剩余支付时间：{time}',
    'checkoutBitcoin.paid': '我已付款',
    'checkoutBitcoin.close': '关闭',
    'checkoutBitcoin.waiting': '正在等待付款…',
    'checkoutBitcoin.waitingHint': '您可以保持此页面打开，它会自动更新。',
    'checkoutBitcoin.seen': '已收到付款，等待确认：{seen} / {needed}',
    'checkoutBitcoin.nameFailed': '未能通知商家（{reason}）。请再次点击“我已付款”。',
    'checkoutBitcoin.expired': '本订单的支付时间已结束。现在发送的付款将被退还，不会计入订单。',
    'checkoutBitcoin.startAgain': '重新开始',
    'checkoutBitcoin.demoWallet': '用演示钱包支付',
    'checkoutBitcoin.demoWalletHint': '仅限演示：本地测试链向此地址发送该准确金额，其币毫无价值。',
    'checkoutBitcoin.demoWalletFailed': '演示钱包未能付款（{reason}）。',
  },
});
