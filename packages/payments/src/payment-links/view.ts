import type { PaymentLink } from '@kiosk/contracts';
import { flag } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { paymentLinkJson } from './table.ts';

export function paymentLinkView(row: PaymentsTables['payment_links'], baseUrl: string): PaymentLink {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    name: row.name,
    active: flag(row.active),
    line_items: paymentLinkJson.line_items.read(row.line_items),
    currency_id: row.currency_id,
    after_completion: paymentLinkJson.after_completion.read(row.after_completion),
    phone_number_collection: paymentLinkJson.phone_number_collection.read(row.phone_number_collection),
    billing_address_collection: row.billing_address_collection,
    submit_type: row.submit_type,
    subscription_data: paymentLinkJson.subscription_data.read(row.subscription_data),
    cross_sell_behavior: row.cross_sell_behavior,
    donation_settings: paymentLinkJson.donation_settings.read(row.donation_settings),
    metadata: paymentLinkJson.metadata.read(row.metadata),
    url: `${baseUrl}/checkout/pay/${row.id}`,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
