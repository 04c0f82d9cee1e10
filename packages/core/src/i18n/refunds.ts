import { defineMessages } from './define.ts';

/**
 * Refunds (issue 22 item 5, issue 23 item 2): why the merchant API refuses a refund, and why a refund
 * failed or is still pending (`failure_code`, `last_attempt_error`). The server writes them; the
 * dashboard's refund screens will show them.
 */
export const refundMessages = defineMessages({
  en: {
    'error.REFUND_NOT_FOUND': 'No such refund',
    'error.REFUND_NOT_AWAITING_TRANSFER': 'This refund is not waiting for a transfer from you',
    'error.REFUND_TRANSFER_REJECTED':
      'That transaction does not refund this payment ({reason}): it must send the full amount to the payer, in the payment’s currency, on its chain',
    'error.REFUND_TRANSFER_USED': 'That transaction was already named for another refund',
    'error.REFUND_TRANSFER_NAMED': 'Another transaction was already named for this refund',
    'error.REFUND_NOT_CANCELABLE': 'Only a refund no transfer was named for can be canceled',
    'error.REFUND_EXCEEDS_PAYMENT': 'The refund is more than is left to refund of this payment',
    'error.REFUND_NOT_SUPPORTED':
      "This payment's method cannot send money back by itself; return it from the receiving account",
    'error.CHARGE_NOT_SUCCEEDED': 'Only a payment that succeeded can be refunded',
    'error.REFUND_RAIL_UNREACHABLE':
      'The payment provider could not be reached; the refund will be sent again within minutes',
    'error.REFUND_ALREADY_MADE':
      'The payment provider has already refunded this payment, in part or in full, outside Kiosk',
    'error.REFUND_REFUSED': 'The payment provider refused the refund',
    'error.REFUND_FAILED':
      'The refund failed at the payment provider (the card may be closed); return the money another way',
    'validation.refundTarget': 'Name exactly one of charge_id and payment_intent_id',
    'validation.refundAmount': 'A refund is at least 1 of the smallest currency unit',
  },
  zh: {
    'error.REFUND_NOT_FOUND': '没有该退款',
    'error.REFUND_NOT_AWAITING_TRANSFER': '这笔退款并不在等待你的转账',
    'error.REFUND_TRANSFER_REJECTED':
      '该交易不能用于这笔退款（{reason}）：它必须在付款所在的链上，以付款的币种，将全额转给付款人',
    'error.REFUND_TRANSFER_USED': '该交易已被用于另一笔退款',
    'error.REFUND_TRANSFER_NAMED': '这笔退款已填写了另一笔交易',
    'error.REFUND_NOT_CANCELABLE': '只有尚未填写转账的退款才能取消',
    'error.REFUND_EXCEEDS_PAYMENT': '退款金额超过了这笔付款尚可退还的金额',
    'error.REFUND_NOT_SUPPORTED': '这笔付款的支付方式无法自动退款，请从收款账户退还',
    'error.CHARGE_NOT_SUCCEEDED': '只有已成功的付款才能退款',
    'error.REFUND_RAIL_UNREACHABLE': '暂时无法连接支付服务商，几分钟内将重新发起退款',
    'error.REFUND_ALREADY_MADE': '支付服务商已在 Kiosk 之外退还了这笔付款（部分或全部）',
    'error.REFUND_REFUSED': '支付服务商拒绝了这笔退款',
    'error.REFUND_FAILED': '退款在支付服务商处失败（银行卡可能已注销），请通过其他方式退还',
    'validation.refundTarget': 'charge_id 与 payment_intent_id 须且只能填写其中一个',
    'validation.refundAmount': '退款金额至少为 1 个最小货币单位',
  },
});
