import type { InvoiceStatus } from '../states/invoice.ts';
import type { SubscriptionStatus } from '../states/subscription.ts';

/**
 * The billing vocabulary the engine writes and the UI shows, as data. Every label is an i18n key in
 * packages/core/src/i18n/billing.ts, so en and zh always both exist.
 */

/** Seed 000 §4: why an invoice was made (`invoice.billing_reason`). */
export const BILLING_REASONS = [
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
  'subscription_recover',
  'subscription_threshold',
  'subscription_cancel',
  'manual',
  'upcoming',
  'slash_stake',
  'stake',
  'return_stake',
  'recharge',
  'stake_overdraft_protection',
  'overdraft_protection',
] as const;
export type BillingReason = (typeof BILLING_REASONS)[number];

/** Seed 000 §3: the invoice reason labels, each `billing.reason.{label}` in the catalogs. */
export const INVOICE_REASON_LABELS = [
  'creation',
  'cycle',
  'staking',
  'update',
  'recover',
  'threshold',
  'cancel',
  'manual',
  'upcoming',
  'slashStake',
  'stake',
  'payment',
  'returnStake',
  'stakeForChangePlan',
  'stakeForChangePayment',
  'recharge',
  'rechargeForSubscription',
  'overdraftProtection',
  'stakeForSubscriptionOverdraftProtection',
  'reStakeToResumeSubscription',
  'gas',
  'fee',
] as const;
export type InvoiceReasonLabel = (typeof INVOICE_REASON_LABELS)[number];

/**
 * The label each billing reason shows. The labels the map does not reach (staking, payment,
 * stakeForChangePlan …) describe invoices made for a purpose inside one reason, which the caller
 * knows (a stake taken for a plan change is a `stake` invoice labelled stakeForChangePlan).
 */
export const BILLING_REASON_LABEL: Record<BillingReason, InvoiceReasonLabel> = {
  subscription_create: 'creation',
  subscription_cycle: 'cycle',
  subscription_update: 'update',
  subscription_recover: 'recover',
  subscription_threshold: 'threshold',
  subscription_cancel: 'cancel',
  manual: 'manual',
  upcoming: 'upcoming',
  slash_stake: 'slashStake',
  stake: 'stake',
  return_stake: 'returnStake',
  recharge: 'recharge',
  stake_overdraft_protection: 'stakeForSubscriptionOverdraftProtection',
  overdraft_protection: 'overdraftProtection',
};

/** The i18n key of a billing reason's label. */
export function billingReasonLabelKey(reason: BillingReason): `billing.reason.${InvoiceReasonLabel}` {
  return `billing.reason.${BILLING_REASON_LABEL[reason]}`;
}

/** The colour names of the UI's status chips (MUI's palette names). */
export type StatusColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error';

/** Seed 000 §4: paid is success, open secondary, uncollectible warning, draft and void default. */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, StatusColor> = {
  draft: 'default',
  open: 'secondary',
  paid: 'success',
  uncollectible: 'warning',
  void: 'default',
};

/**
 * The original's subscription chips (the seeds do not show them): active green, trialing primary,
 * incomplete, incomplete_expired and paused amber, past_due red, canceled grey.
 */
export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, StatusColor> = {
  incomplete: 'warning',
  incomplete_expired: 'warning',
  trialing: 'primary',
  active: 'success',
  past_due: 'error',
  paused: 'warning',
  canceled: 'default',
};

/** Seed 000 §3: what a customer may say about why they cancel, each `billing.feedback.{value}`. */
export const CANCELLATION_FEEDBACK = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const;
export type CancellationFeedback = (typeof CANCELLATION_FEEDBACK)[number];
