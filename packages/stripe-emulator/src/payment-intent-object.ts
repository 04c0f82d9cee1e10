import type { LastError, threeDSecureAction } from './confirm.ts';
import type { MethodTypes } from './method-types.ts';
import type { Metadata } from './params.ts';

// The PaymentIntent object and its states, apart from its routes (payment-intents.ts) and its
// confirmation (payment-intent-confirm.ts), which both read them.

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntent extends MethodTypes {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: LastError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: ReturnType<typeof threeDSecureAction> | null;
  payment_method: string | null;
  payment_method_options: { card: { request_three_d_secure: 'automatic' } };
  processing: null;
  receipt_email: string | null;
  setup_future_usage: 'on_session' | 'off_session' | null;
  statement_descriptor: null;
  status: PaymentIntentStatus;
}

export const futureUsages = ['on_session', 'off_session'] as const;
export const editablePaymentIntent: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];
