import type { TFunction } from 'i18next';
import type { PaymentMethod, Subscription } from '@kiosk/contracts';
import { formatInvoiceMoney } from '../../customer/invoice-view.ts';
import { periodAmount, periodMessage } from '../../customer/subscription-view.ts';
import { currencyIn } from '../payment/payment-view.ts';

/**
 * "1 KDT per month" in the subscription's currency among the merchant's methods; its smallest units
 * and currency id when no method offers it now; undefined when a price of it is gone.
 */
export function amountPerInterval(
  subscription: Subscription,
  methods: ReadonlyMap<string, PaymentMethod> | undefined,
  t: TFunction,
): string | undefined {
  const amount = periodAmount(subscription);
  if (amount === undefined) return undefined;
  const money = formatInvoiceMoney(
    amount,
    currencyIn(methods, subscription.currency_id),
    subscription.currency_id,
  );
  const period = periodMessage(subscription.recurring);
  return period
    ? t('portal.subscription.price', { amount: money, period: t(period.key, period.params) })
    : money;
}
