// Parameters the v23 SDK declares for a call but the emulator does not implement. Sending one is
// answered with a 400 that says so, rather than Stripe's "unknown parameter" (which a typo gets) or a
// silent pretence that it worked.

export const paymentIntentCreateUnsupported = [
  'amount_details',
  'application_fee_amount',
  'capture_method',
  'confirmation_method',
  'confirmation_token',
  'customer_account',
  'hooks',
  'mandate',
  'on_behalf_of',
  'payment_details',
  'payment_method_configuration',
  'radar_options',
  'shipping',
  'statement_descriptor',
  'transfer_data',
  'transfer_group',
];

export const paymentIntentUpdateUnsupported = [
  'amount_details',
  'application_fee_amount',
  'capture_method',
  'customer_account',
  'hooks',
  'payment_details',
  'payment_method_configuration',
  'payment_method_data',
  'payment_method_options',
  'shipping',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'transfer_data',
  'transfer_group',
];

export const paymentIntentConfirmUnsupported = [
  'allowed_payment_method_types',
  'amount_details',
  'amount_to_confirm',
  'capture_method',
  'confirmation_token',
  'excluded_payment_method_types',
  'hooks',
  'mandate',
  'payment_details',
  'radar_options',
  'shipping',
];

export const setupIntentCreateUnsupported = [
  'attach_to_self',
  'confirmation_token',
  'customer_account',
  'flow_directions',
  'on_behalf_of',
  'payment_method_configuration',
  'single_use',
];

export const setupIntentConfirmUnsupported = ['allowed_payment_method_types', 'confirmation_token'];

export const customerUnsupported = [
  'address',
  'balance',
  'business_name',
  'cash_balance',
  'default_source',
  'individual_name',
  'invoice_prefix',
  'next_invoice_sequence',
  'shipping',
  'source',
  'tax',
  'tax_exempt',
  'tax_id_data',
  'test_clock',
  'validate',
];

export const refundUnsupported = [
  'currency',
  'customer',
  'origin',
  'refund_application_fee',
  'reverse_transfer',
];
