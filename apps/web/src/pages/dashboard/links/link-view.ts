import type { TFunction } from 'i18next';
import type { PaymentLink, PaymentMethod } from '@kiosk/contracts';
import { choiceLabel } from '../products/price-text.ts';
import type { PriceChoice } from '../products/use-products.ts';

/** What a link's line sells, by its price: its product and price, or its id when that price is gone. */
export function lineLabel(
  line: PaymentLink['line_items'][number],
  prices: ReadonlyMap<string, PriceChoice>,
  methods: ReadonlyMap<string, PaymentMethod> | undefined,
  t: TFunction,
): string {
  const choice = prices.get(line.price_id);
  return choice ? choiceLabel(choice, methods, t) : t('catalog.link.priceGone', { id: line.price_id });
}
