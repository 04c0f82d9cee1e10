import { checkoutOptions, donationSettings, metadata, paymentLinkSchema } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import type { Flag, Json, Row } from '../columns.ts';

export type PaymentLinkRow = Row & {
  name: string | null;
  active: Flag;
  line_items: Json;
  currency_id: string | null;
  after_completion: Json;
  phone_number_collection: Json;
  billing_address_collection: string;
  submit_type: string;
  subscription_data: Json;
  cross_sell_behavior: string;
  donation_settings: Json;
  /** The donation settings' target, unique per mode (null for other links). */
  donation_target: string | null;
  metadata: Json;
};

/**
 * What a link and each session started from it keep of the checkout options, as the contract's
 * options parsed them. Not `metadata`'s `page_info`: a link's metadata is replaced by a plain record
 * (PUT /api/payment-links/{id}), and its sessions copy it.
 */
export const checkoutOptionsJson = {
  after_completion: jsonColumn(checkoutOptions.shape.after_completion, { type: 'hosted_confirmation' }),
  phone_number_collection: jsonColumn(checkoutOptions.shape.phone_number_collection, { enabled: false }),
  subscription_data: jsonColumn(checkoutOptions.shape.subscription_data, {}),
  metadata: jsonColumn(metadata, {}),
};

export const paymentLinkJson = jsonColumns('payment_links', {
  ...checkoutOptionsJson,
  line_items: jsonColumn(paymentLinkSchema.shape.line_items, []),
  donation_settings: jsonColumn(donationSettings.nullable(), null),
});
