import { defineMessages } from './define.ts';

/** Kiosk Pay's error codes and validation texts (seed 000 §8 where the seed names them). */
export const paymentsMessages = defineMessages({
  en: {
    'error.PAYMENT_METHOD_NOT_FOUND': 'No such payment method',
    'error.PRODUCT_NOT_FOUND': 'No such product',
    'error.PRICE_NOT_FOUND': 'No such price',
    'error.IDEMPOTENCY_KEY_REUSED': 'This Idempotency-Key was used with a different request',
    'error.IDEMPOTENCY_IN_PROGRESS': 'A request with this Idempotency-Key is still running; retry shortly',
    'validation.amount': 'Must be a whole number of the smallest currency unit, as a string',
    'validation.address': 'Must be a 0x-prefixed address of 40 hex digits',
    'validation.precisionAboveDecimal': 'maximum_precision cannot exceed decimal',
    'validation.recurringRequired': 'A recurring price needs recurring.interval',
    'validation.recurringNotAllowed': 'A one-time price has no recurring settings',
    'validation.unsupportedInterval': 'Unsupported recurring interval',
    'validation.unknownCurrency': 'No such payment currency in this mode',
    'validation.maximumBelowMinimum': 'The maximum is below the minimum',
    'validation.presetOutOfRange': 'The preset lies outside minimum and maximum',
    'validation.unknownPrice': 'No such price in this mode',
  },
  zh: {
    'error.PAYMENT_METHOD_NOT_FOUND': '没有该支付方式',
    'error.PRODUCT_NOT_FOUND': '没有该商品',
    'error.PRICE_NOT_FOUND': '没有该价格',
    'error.IDEMPOTENCY_KEY_REUSED': '该 Idempotency-Key 已用于另一个不同的请求',
    'error.IDEMPOTENCY_IN_PROGRESS': '使用该 Idempotency-Key 的请求仍在处理中，请稍后重试',
    'validation.amount': '必须是以最小货币单位表示的整数字符串',
    'validation.address': '必须是以 0x 开头、40 位十六进制的地址',
    'validation.precisionAboveDecimal': 'maximum_precision 不能大于 decimal',
    'validation.recurringRequired': '周期价格需要 recurring.interval',
    'validation.recurringNotAllowed': '一次性价格不能有周期设置',
    'validation.unsupportedInterval': '不支持的订阅周期',
    'validation.unknownCurrency': '当前模式下没有该支付币种',
    'validation.maximumBelowMinimum': '最大值小于最小值',
    'validation.presetOutOfRange': '预设金额不在最小值和最大值之间',
    'validation.unknownPrice': '当前模式下没有该价格',
  },
});
