import type { PaymentLink } from '@kiosk/contracts';
import { flag, fromJson } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';

export function paymentLinkView(row: PaymentsTables['payment_links'], baseUrl: string): PaymentLink {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    name: row.name,
    active: flag(row.active),
    line_items: fromJson(row.line_items, []),
    currency_id: row.currency_id,
    after_completion: fromJson(row.after_completion, {}),
    phone_number_collection: fromJson(row.phone_number_collection, { enabled: false }),
    billing_address_collection: row.billing_address_collection,
    submit_type: row.submit_type,
    subscription_data: fromJson(row.subscription_data, {}),
    cross_sell_behavior: row.cross_sell_behavior,
    donation_settings: fromJson(row.donation_settings, null),
    metadata: fromJson(row.metadata, {}),
    url: `${baseUrl}/checkout/pay/${row.id}`,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
