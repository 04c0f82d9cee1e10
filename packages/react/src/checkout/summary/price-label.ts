import type { TFunction } from 'i18next';
import type { Price, Recurring } from '@kiosk/contracts';

/** "per month", "every 3 months": a recurring price's period in words. */
export function recurringText(
  recurring: Pick<Recurring, 'interval' | 'interval_count'> | null,
  t: TFunction,
): string | undefined {
  if (!recurring) return undefined;
  const { interval, interval_count: count } = recurring;
  return count === 1
    ? t(`checkout.recurring.${interval}`)
    : t(`checkout.recurring.${interval}.every`, { count });
}

/** The name a price goes by in an offer: its nickname, else its product's name and its period. */
export function priceName(price: Price & { product: { name: string } }, t: TFunction): string {
  const period = recurringText(price.recurring, t);
  return price.nickname ?? (period ? `${price.product.name} · ${period}` : price.product.name);
}
