import type { TFunction } from 'i18next';
import type { PaymentMethod, Price } from '@kiosk/contracts';
import { formatInvoiceMoney } from '../../customer/invoice-view.ts';
import { periodMessage } from '../../customer/subscription-view.ts';
import { currencyIn } from '../payment/payment-view.ts';
import type { PriceChoice } from './use-products.ts';

/**
 * A price as a merchant reads it: "10 USD per month", "Customer chooses, from 1 USD", with its other
 * currencies after it ("also 0.004 ETH"). Currencies no method offers any more show their id.
 */
export function priceText(
  price: Price,
  methods: ReadonlyMap<string, PaymentMethod> | undefined,
  t: TFunction,
): string {
  const money = (amount: string, currencyId: string) =>
    formatInvoiceMoney(amount, currencyIn(methods, currencyId), currencyId);
  let amount: string;
  if (price.custom_unit_amount) {
    const { minimum } = price.custom_unit_amount;
    amount =
      minimum && minimum !== '0'
        ? t('catalog.price.customerChoosesFrom', { amount: money(minimum, price.currency_id) })
        : t('catalog.price.customerChooses');
  } else amount = money(price.unit_amount, price.currency_id);
  const period = price.recurring && periodMessage(price.recurring);
  const text = period
    ? t('portal.subscription.price', { amount, period: t(period.key, period.params) })
    : amount;
  if (price.currency_options.length === 0) return text;
  const others = price.currency_options
    .map((option) => money(option.unit_amount, option.currency_id))
    .join(', ');
  return `${text} (${t('catalog.price.alsoIn', { amounts: others })})`;
}

/** A price as a picker lists it (a link's items, a cross-sell): "Team plan · 10 USD per month". */
export function choiceLabel(
  choice: PriceChoice,
  methods: ReadonlyMap<string, PaymentMethod> | undefined,
  t: TFunction,
): string {
  const nickname = choice.price.nickname ? ` (${choice.price.nickname})` : '';
  return `${choice.product.name}${nickname} · ${priceText(choice.price, methods, t)}`;
}
