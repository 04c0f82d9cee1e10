import { z } from 'zod';
import { amountString } from './common.ts';
import { settingSchema } from './payments/settings.ts';
import { defineRoutes } from './route.ts';
import { appDidParam } from './store.ts';

/**
 * Paid apps (issue 24 items 1–3): an app's price, buying it through Kiosk Pay as any merchant's buyer
 * would, and the purchase an app can check. The store is Kiosk Pay's merchant: it keeps a product per
 * app and a price per pricing (a change makes a new price, so no earlier buyer's price moves).
 */

export const APP_PRICING_TYPES = ['free', 'one_time', 'subscription'] as const;
export const APP_PRICING_INTERVALS = ['month', 'year'] as const;
export const PURCHASE_STATUSES = ['open', 'paid', 'expired', 'refunded', 'ended'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const appPriceSchema = z.object({
  currency_id: z.string(),
  /** In the currency's smallest unit, as every Kiosk Pay amount. */
  unit_amount: z.string(),
  /** How the currency is shown, as it was when the price was set (a store page needs no merchant call). */
  symbol: z.string(),
  decimal: z.number().int(),
  maximum_precision: z.number().int(),
});
export type AppPrice = z.infer<typeof appPriceSchema>;

export const appPricingSchema = z.object({
  object: z.literal('app_pricing'),
  app_did: z.string(),
  type: z.enum(APP_PRICING_TYPES),
  /** For a subscription; null otherwise. */
  interval: z.enum(APP_PRICING_INTERVALS).nullable(),
  /** The first is the price's own currency, the others its currency options. Empty when free. */
  prices: z.array(appPriceSchema),
  /** The Kiosk Pay mode the store sells in (its setting); the price lives there. */
  livemode: z.boolean(),
  /** Kiosk Pay's price a buyer pays today; null while free. */
  price_id: z.string().nullable(),
  updated_at: z.number().nullable(),
});
export type AppPricing = z.infer<typeof appPricingSchema>;

const positiveAmount = amountString.refine((value) => value !== '0', 'validation.pricePositive');

export const appPricingInput = z
  .object({
    type: z.enum(APP_PRICING_TYPES, { error: 'validation.pricingType' }),
    interval: z.enum(APP_PRICING_INTERVALS, { error: 'validation.pricingInterval' }).nullable().default(null),
    prices: z
      .array(z.object({ currency_id: z.string().min(1).max(64), unit_amount: positiveAmount }))
      .max(10)
      .default([]),
  })
  .superRefine((input, ctx) => {
    const paid = input.type !== 'free';
    if (paid && input.prices.length === 0)
      ctx.addIssue({ code: 'custom', path: ['prices'], message: 'validation.pricingNeedsPrice' });
    if (!paid && input.prices.length > 0)
      ctx.addIssue({ code: 'custom', path: ['prices'], message: 'validation.pricingFreeHasNoPrice' });
    if ((input.type === 'subscription') !== (input.interval !== null))
      ctx.addIssue({ code: 'custom', path: ['interval'], message: 'validation.pricingInterval' });
    const currencies = input.prices.map((price) => price.currency_id);
    if (new Set(currencies).size !== currencies.length)
      ctx.addIssue({ code: 'custom', path: ['prices'], message: 'validation.pricingCurrencyTwice' });
  });

export type AppPricingInput = z.input<typeof appPricingInput>;

export const purchaseSchema = z.object({
  id: z.string(),
  object: z.literal('purchase'),
  livemode: z.boolean(),
  app_did: z.string(),
  buyer_did: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  checkout_session_id: z.string(),
  subscription_id: z.string().nullable(),
  currency_id: z.string().nullable(),
  /** What the buyer paid, in smallest units; null until paid. */
  amount: z.string().nullable(),
  /** The store's share and the developer's of `amount` (they add up to it). */
  store_amount: z.string().nullable(),
  developer_amount: z.string().nullable(),
  paid_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** Whether `user` owns the app now: a paid purchase not refunded, or a subscription not ended. */
export const purchaseVerification = z.object({
  object: z.literal('purchase_verification'),
  app_did: z.string(),
  user: z.string(),
  valid: z.boolean(),
  /** The purchase that makes it valid, else the latest one (to say why not); null if none. */
  purchase: purchaseSchema.nullable(),
  /** Why a subscription's app stopped (past_due, paused …); null otherwise. */
  subscription_status: z.string().nullable(),
});
export type PurchaseVerification = z.infer<typeof purchaseVerification>;

/** The statement a receipt signs (EIP-712 `Receipt`, docs/store.md "Receipts"). */
export const receiptSchema = z.object({
  purchase: z.string(),
  app: z.string(),
  buyer: z.string(),
  /** The versions it covers: `*`, every one. */
  versions: z.string(),
  issuedAt: z.number().int(),
  expiresAt: z.number().int(),
});

export const purchaseReceiptSchema = z.object({
  object: z.literal('purchase_receipt'),
  receipt: receiptSchema,
  signature: z.string(),
  /** The store's receipt signer (an Ethereum address), as `GET /api/store/receipt-signer` answers. */
  signer: z.string(),
});
export type PurchaseReceipt = z.infer<typeof purchaseReceiptSchema>;

export const receiptSignerSchema = z.object({
  object: z.literal('receipt_signer'),
  signer: z.string(),
  domain: z.object({ name: z.string(), version: z.string() }),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
});
export type ReceiptSigner = z.infer<typeof receiptSignerSchema>;

export const appCheckoutAnswer = z.object({
  object: z.literal('app_checkout'),
  checkout_session_id: z.string(),
  purchase: purchaseSchema,
});

/** A currency a developer may price an app in: one the store's Kiosk Pay sells in now. */
export const pricingCurrencySchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimal: z.number().int(),
  maximum_precision: z.number().int(),
  /** The payment method's name (the chain, Card …), to tell two currencies of one symbol apart. */
  method: z.string(),
});
export type PricingCurrency = z.infer<typeof pricingCurrencySchema>;

/** A launch of a web app from its own origin (docs/store.md "Launch"). */
export const appLaunchSchema = z.object({
  object: z.literal('app_launch'),
  /** The app's page on the apps origin; it works until `expires_at` (unix seconds). */
  url: z.string(),
  expires_at: z.number().int(),
});
export type AppLaunch = z.infer<typeof appLaunchSchema>;

/**
 * Donations to an app (issue 24 item 7, seed 001 donation settings): the store's donation settings
 * for app pages (a Kiosk Pay setting its owners and admins enable and configure) and, while they are
 * on and the app's developer has turned donations on for it, the app's donation, which the donate
 * widget shows by its target.
 */
export const appDonationAnswer = z.object({
  livemode: z.boolean(),
  /** The store's mount location for app pages, whose settings these are. */
  mountLocation: z.string(),
  setting: settingSchema.nullable(),
  /** The donation's target (the app's DID) while donations are on; null while they are off. */
  target: z.string().nullable(),
  /** The developer's part of each donation, in percent; the rest is the store's. */
  developerPercent: z.number(),
  /** Whether the app's developer takes donations on its page (their choice, off until they turn it on). */
  developerAccepts: z.boolean(),
});
export type AppDonation = z.infer<typeof appDonationAnswer>;

export const storeCommerceRoutes = defineRoutes({
  'GET /api/developer/pricing-currencies': {
    response: {
      200: z.object({
        livemode: z.boolean(),
        /** The store's share of each sale, in basis points: the developer is told before pricing. */
        store_share_bps: z.number().int(),
        list: z.array(pricingCurrencySchema),
      }),
    },
  },
  'GET /api/apps/:did/pricing': { params: appDidParam, response: { 200: appPricingSchema } },
  'PUT /api/developer/apps/:did/pricing': {
    params: appDidParam,
    body: appPricingInput,
    response: { 200: appPricingSchema },
  },
  /** The signed-in buyer's checkout for the app: the open one again, or a new one. */
  'POST /api/apps/:did/checkout': { params: appDidParam, response: { 200: appCheckoutAnswer } },
  /** The signed-in buyer's receipt, for an app to check offline. */
  'GET /api/apps/:did/purchases/receipt': { params: appDidParam, response: { 200: purchaseReceiptSchema } },
  'GET /api/store/receipt-signer': { response: { 200: receiptSignerSchema } },
  /** The app's donation, made or brought up to date from the store's settings while they are on. */
  'POST /api/apps/:did/donation': { params: appDidParam, response: { 200: appDonationAnswer } },
  /** Opens the app's web page on the apps origin, for its buyers (anyone signed in, when free). */
  'POST /api/apps/:did/launch': { params: appDidParam, response: { 200: appLaunchSchema } },
  'GET /api/apps/:did/purchases/verify': {
    params: appDidParam,
    querystring: z.object({ user: z.string().min(1).max(200) }),
    response: { 200: purchaseVerification },
  },
});
