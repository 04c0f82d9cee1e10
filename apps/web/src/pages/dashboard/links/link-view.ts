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

/** The link's patterns for the buyer's fields (metadata.page_info.field_validation), as field → pattern. */
export function fieldRulesOf(link: PaymentLink): [field: string, pattern: string][] {
  const pageInfo = link.metadata.page_info as { field_validation?: unknown } | undefined;
  const rules = pageInfo?.field_validation;
  if (typeof rules !== 'object' || rules === null) return [];
  return Object.entries(rules as Record<string, { pattern?: unknown }>).flatMap(([field, rule]) =>
    typeof rule?.pattern === 'string' ? [[field, rule.pattern] as [string, string]] : [],
  );
}
