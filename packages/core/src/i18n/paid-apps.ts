import { defineMessages } from './define.ts';

/**
 * Paid apps (issue 24 items 1–3): why the server refuses a pricing, a checkout or a store setting of
 * sales. A screen group the server answers from too (translate.ts); the screens' own texts join it.
 */
export const paidAppsMessages = defineMessages({
  en: {
    'error.APP_IS_FREE': 'This app is free: there is nothing to buy',
    'error.PURCHASE_OWN_APP': 'You publish this app: it is yours without buying it',
    'error.APP_ALREADY_PURCHASED': 'You already own this app',
    'error.PRICING_CURRENCY_NOT_FOUND': 'The store does not sell in currency {currency}',
    'validation.pricingCurrency': 'The store does not sell in this currency',
    'validation.pricingType': 'Choose free, paid once or subscription',
    'validation.pricingInterval':
      'A subscription is paid monthly or yearly; only a subscription has an interval',
    'validation.pricingNeedsPrice': 'A paid app needs a price in at least one currency',
    'validation.pricingFreeHasNoPrice': 'A free app has no price',
    'validation.pricingCurrencyTwice': 'Each currency may have one price only',
    'validation.pricePositive': 'A price must be more than zero',
    'validation.storeShare': "The store's share is a whole number of basis points from 0 to 10000",
  },
  zh: {
    'error.APP_IS_FREE': '该应用免费，无需购买',
    'error.PURCHASE_OWN_APP': '该应用由你发布，无需购买',
    'error.APP_ALREADY_PURCHASED': '你已拥有该应用',
    'error.PRICING_CURRENCY_NOT_FOUND': '商店不支持以货币 {currency} 销售',
    'validation.pricingCurrency': '商店不支持以该货币销售',
    'validation.pricingType': '请选择免费、一次性付费或订阅',
    'validation.pricingInterval': '订阅按月或按年付费；只有订阅才有付费周期',
    'validation.pricingNeedsPrice': '付费应用至少需要一种货币的价格',
    'validation.pricingFreeHasNoPrice': '免费应用没有价格',
    'validation.pricingCurrencyTwice': '每种货币只能设置一个价格',
    'validation.pricePositive': '价格必须大于零',
    'validation.storeShare': '商店分成须为 0 到 10000 之间的整数基点',
  },
});
