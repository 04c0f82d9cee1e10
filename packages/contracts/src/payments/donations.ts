import { z } from 'zod';
import { amountString, idParam, listOf, pageQuery, webAddress } from '../common.ts';
import { customUnitAmount } from './prices.ts';
import { defineRoutes } from '../route.ts';

/**
 * Seed 000 §3 benefit: who else a donation supports, and their part of it: a percent of each
 * donation, or a fixed amount (smallest units) taken before the percents. What is left is the
 * merchant's.
 */
export const benefitSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    avatar: z.url().max(2_000).optional(),
    address: z.string().trim().min(1).max(200),
    url: webAddress.optional(),
    percent: z.number().gt(0).max(100).multipleOf(0.01).optional(),
    amount: amountString.optional(),
  })
  .refine((b) => (b.percent === undefined) !== (b.amount === undefined), 'validation.benefitShare');
export type Benefit = z.infer<typeof benefitSchema>;

/**
 * A payment link's donation settings (seed 000 §3). The amounts a donor may give are the link's
 * price's (its custom_unit_amount: presets, preset, minimum, maximum), so that one rule decides them
 * wherever they are checked. A link with these settings is a donation link (submit_type `donate`).
 */
export const donationSettings = z.object({
  /** What is supported (a post, an app): the key a host page finds its donation link by. */
  target: z.string().trim().min(1).max(200).optional(),
  title: z.string().max(200).optional(),
  description: z.string().max(1_000).optional(),
  reference: webAddress.optional(),
  beneficiaries: z
    .array(benefitSchema)
    .max(20)
    .default([])
    .refine(
      (list) => list.reduce((sum, b) => sum + Math.round((b.percent ?? 0) * 100), 0) <= 10_000,
      'validation.benefitsOverHundred',
    ),
});
export type DonationSettings = z.output<typeof donationSettings>;

/**
 * POST /api/donations (seed 000 §7): a host application's donation for `target`, made the first time
 * (a product, its pay-what-you-want price and the link) and brought up to date after: the settings
 * change in place, and other amounts or another currency make a new price, so earlier donations keep
 * theirs.
 */
export const donationUpsert = donationSettings.extend({
  target: z.string().trim().min(1).max(200),
  currency_id: z.string().min(1).max(64),
  amount: customUnitAmount,
});
export type DonationUpsert = z.input<typeof donationUpsert>;

/** A benefit as answers carry it (answers are encoded, so they hold no input transforms). */
export const benefitOut = z.object({
  name: z.string(),
  avatar: z.string().optional(),
  address: z.string(),
  url: z.string().optional(),
  percent: z.number().optional(),
  amount: z.string().optional(),
});

export const donationSettingsOut = z.object({
  target: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  reference: z.string().optional(),
  beneficiaries: z.array(benefitOut),
});

/** One paid donation, as the supporters list shows it (the donor's name, or their wallet's address). */
export const supporterSchema = z.object({
  checkout_session_id: z.string(),
  name: z.string().nullable(),
  did: z.string().nullable(),
  anonymous: z.boolean(),
  amount: z.string(),
  currency_id: z.string(),
  paid_at: z.number(),
});
export type Supporter = z.infer<typeof supporterSchema>;

/** What each benefit of a link has been given so far, in the link's currency. */
export const benefitShareSchema = z.object({ name: z.string(), address: z.string(), amount: z.string() });

export const donationsAnswer = z.object({
  payment_link_id: z.string(),
  /** What the donation supports, as its settings name it (the donate dialog's title). */
  title: z.string().nullable(),
  supporters: z.array(supporterSchema),
  /** How many donations were paid. */
  total: z.number(),
  /** Their sum in `currency` (donations in another currency are listed, not summed here). */
  totalAmount: z.string(),
  currency: z.object({ id: z.string(), symbol: z.string(), decimal: z.number() }).nullable(),
  /** How totalAmount splits between the benefits; the rest is the merchant's. */
  shares: z.array(benefitShareSchema),
});
export type DonationsAnswer = z.infer<typeof donationsAnswer>;

/** A donation link as the owner's donations page lists it: what it supports and what it has raised. */
export const donationLinkSummary = z.object({
  id: z.string(),
  title: z.string().nullable(),
  target: z.string().nullable(),
  active: z.boolean(),
  url: z.string(),
  created_at: z.number(),
  /** How many donations were paid, and their exact sum in `currency` (the link's). */
  supporters: z.number(),
  totalAmount: z.string(),
  currency: z.object({ id: z.string(), symbol: z.string(), decimal: z.number() }).nullable(),
});
export type DonationLinkSummary = z.infer<typeof donationLinkSummary>;

export const donationRoutes = defineRoutes({
  /** The mode's donation links, newest first, each with its supporters and total (merchant). */
  'GET /api/donation-links': { querystring: pageQuery, response: { 200: listOf(donationLinkSummary) } },
  'GET /api/payment-links/:id/benefits': {
    params: idParam,
    response: { 200: z.array(benefitOut) },
  },
  'GET /api/donations': {
    querystring: z.object({
      /** A donation link's id, or the `target` its settings name. */
      target: z.string().min(1).max(200),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: { 200: donationsAnswer },
  },
});
