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
  metadata: Json;
};
