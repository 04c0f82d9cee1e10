import type { ChargeRow, PaymentReferenceRow } from './charges/table.ts';
import type { CheckoutSessionRow } from './checkout-sessions/table.ts';
import type { CustomerRow } from './customers/table.ts';
import type { InvoiceRow } from './invoices/table.ts';
import type { PaymentIntentRow } from './payment-intents/table.ts';
import type { PaymentLinkRow } from './payment-links/table.ts';
import type { PaymentCurrencyRow, PaymentMethodRow } from './payment-methods/table.ts';
import type { PriceRow } from './prices/table.ts';
import type { ProductRow } from './products/table.ts';
import type { RefundRow } from './refunds/table.ts';
import type { SettingRow } from './settings/table.ts';
import type { SubscriptionItemRow, SubscriptionRow } from './subscriptions/table.ts';
import type { TestClockRow } from './test-clocks/table.ts';

/**
 * Kiosk Pay's tables, each defined beside the resource that owns it (`{resource}/table.ts`; the
 * column conventions in columns.ts) and made by the migrations in migrations/. Fields follow the
 * seeds and the original's names (../shared/reference/payment-reference.md) so that subscriptions,
 * donations and the portal add behaviour later without migrating these tables again.
 */
export interface PaymentsTables {
  payment_methods: PaymentMethodRow;
  payment_currencies: PaymentCurrencyRow;
  products: ProductRow;
  prices: PriceRow;
  payment_links: PaymentLinkRow;
  checkout_sessions: CheckoutSessionRow;
  customers: CustomerRow;
  payment_intents: PaymentIntentRow;
  invoices: InvoiceRow;
  subscriptions: SubscriptionRow;
  subscription_items: SubscriptionItemRow;
  charges: ChargeRow;
  payment_references: PaymentReferenceRow;
  refunds: RefundRow;
  test_clocks: TestClockRow;
  settings: SettingRow;
}

export { paymentsMigrations } from './migrations/index.ts';
