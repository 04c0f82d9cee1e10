import { z } from 'zod';
import { amountString, idParam, listOf, metadata, pageQuery, webAddress } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { donationSettings, donationSettingsOut, donationUpsert } from './donations.ts';

export const lineItemInput = z.object({
  price_id: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(10_000).default(1),
  custom_amount: amountString.optional(),
  /** An optional extra the buyer may add or remove (seed 000 §4 cross-sell). */
  cross_sell: z.boolean().default(false),
});
export type LineItemInput = z.infer<typeof lineItemInput>;

/** Seed 000 §3 field validation: per-field patterns with messages per language. */
export const pageInfo = z
  .object({
    field_validation: z
      .record(
        z.string(),
        z.object({
          pattern: z.string().max(500),
          pattern_message: z.record(z.string(), z.string()).optional(),
        }),
      )
      .optional(),
    form_purpose_description: z.object({ en: z.string().optional(), zh: z.string().optional() }).optional(),
  })
  .loose();

/** A stake's size in whole units of a currency: converted with the currency's decimals at submit. */
const stakeAmount = z
  .union([z.string(), z.number().nonnegative()])
  .transform((value) => String(value))
  .refine((value) => /^(0|[1-9]\d{0,29})(\.\d{1,18})?$/.test(value), 'validation.amount');

export const checkoutOptions = z.object({
  currency_id: z.string().min(1).max(64).nullable().default(null),
  after_completion: z
    .object({
      type: z.enum(['hosted_confirmation', 'redirect']).default('hosted_confirmation'),
      hosted_confirmation: z.object({ custom_message: z.string().max(1_000).optional() }).optional(),
      redirect: z.object({ url: webAddress }).optional(),
    })
    .default({ type: 'hosted_confirmation' }),
  phone_number_collection: z.object({ enabled: z.boolean() }).default({ enabled: false }),
  billing_address_collection: z.enum(['auto', 'required']).default('auto'),
  submit_type: z.enum(['auto', 'pay', 'book', 'donate']).default('auto'),
  subscription_data: z
    .object({
      trial_period_days: z.number().int().min(0).max(730).optional(),
      trial_end: z.number().int().optional(),
      trial_currency: z.string().max(1_000).optional(),
      /**
       * One trial per customer per product (issue 21 item 21): unless this is false, a buyer who has
       * had a trial of one of the order's products (a subscription of theirs that began with one, in
       * any status) subscribes without a trial, paying the first period now.
       */
      trial_once_per_customer: z.boolean().optional(),
      /**
       * The stake a subscription asks at subscribe (issue 25): the greater of the two, in whole units
       * of the currency the buyer pays in ("10", "2.5"), as Payment Kit reads them; none when neither
       * is set, when `no_stake` is true, or on a method that cannot hold stakes.
       */
      billing_threshold_amount: stakeAmount.optional(),
      min_stake_amount: stakeAmount.optional(),
      no_stake: z.boolean().optional(),
      description: z.string().max(500).optional(),
    })
    .default({}),
  // Seed 001 §7 also says `optional`, which behaves as `auto`: offered, never required.
  cross_sell_behavior: z
    .enum(['auto', 'required', 'optional'])
    .transform((value) => (value === 'optional' ? 'auto' : value))
    .default('auto'),
  metadata: metadata.pipe(z.object({ page_info: pageInfo.optional() }).loose()),
});

export const paymentLinkInput = checkoutOptions.extend({
  name: z.string().max(200).nullable().default(null),
  active: z.boolean().default(true),
  line_items: z.array(lineItemInput).min(1).max(20),
  donation_settings: donationSettings.nullable().default(null),
});

/** A new payment link as a caller writes it (the API's defaults fill what it leaves out). */
export type PaymentLinkInput = z.input<typeof paymentLinkInput>;

export const paymentLinkUpdate = z.object({
  name: z.string().max(200).nullable().optional(),
  active: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const paymentLinkSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  name: z.string().nullable(),
  active: z.boolean(),
  line_items: z.array(
    z.object({
      price_id: z.string(),
      quantity: z.number(),
      custom_amount: z.string().optional(),
      cross_sell: z.boolean(),
    }),
  ),
  currency_id: z.string().nullable(),
  after_completion: z.record(z.string(), z.unknown()),
  phone_number_collection: z.object({ enabled: z.boolean() }),
  billing_address_collection: z.string(),
  submit_type: z.string(),
  subscription_data: z.record(z.string(), z.unknown()),
  cross_sell_behavior: z.string(),
  donation_settings: donationSettingsOut.nullable(),
  metadata: z.record(z.string(), z.unknown()),
  url: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkRoutes = defineRoutes({
  'POST /api/payment-links': { body: paymentLinkInput, response: { 201: paymentLinkSchema } },
  'GET /api/payment-links': { querystring: pageQuery, response: { 200: listOf(paymentLinkSchema) } },
  'GET /api/payment-links/:id': { params: idParam, response: { 200: paymentLinkSchema } },
  /** A donation link by its target, made or brought up to date (donations.ts donationUpsert). */
  'POST /api/donations': {
    body: donationUpsert,
    response: { 200: paymentLinkSchema, 201: paymentLinkSchema },
  },
  'PUT /api/payment-links/:id': {
    params: idParam,
    body: paymentLinkUpdate,
    response: { 200: paymentLinkSchema },
  },
});
