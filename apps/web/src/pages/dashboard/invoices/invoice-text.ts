import type { TFunction } from 'i18next';
import { BILLING_REASONS, billingReasonLabelKey, type BillingReason } from '@kiosk/core';

const isBillingReason = (reason: string): reason is BillingReason =>
  (BILLING_REASONS as readonly string[]).includes(reason);

/** Why an invoice was made, in the reader's words; a reason this version does not know, as the server wrote it. */
export function billingReasonText(reason: string, t: TFunction): string {
  return isBillingReason(reason) ? t(billingReasonLabelKey(reason)) : reason;
}
