import { z } from 'zod';
import { activeFilter, amountString, idParam, listOf, metadata, pageQuery } from '../common.ts';
import { defineRoutes } from '../route.ts';

/** Seed 000 §3: intervals hour … year, and minute elsewhere; "every 3 and 6 months" is interval_count. */
export const INTERVALS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;

export const customUnitAmount = z.object({
  preset: amountString.optional(),
  presets: z.array(amountString).max(10).default([]),
  minimum: amountString.optional(),
  maximum: amountString.optional(),
  /** Whether the buyer may give an amount of their own; `false` takes only the presets. */
  custom: z.boolean().default(true),
});

export const currencyOption = z.object({
  currency_id: z.string().min(1).max(64),
  unit_amount: amountString,
  custom_unit_amount: customUnitAmount.nullable().default(null),
  tiers: z
    .array(
      z.object({
        up_to: z.number().int().positive().nullable(),
        unit_amount: amountString,
        flat_amount: amountString.optional(),
      }),
    )
    .nullable()
    .default(null),
});

export const recurring = z.object({
  interval: z.enum(INTERVALS, { message: 'validation.unsupportedInterval' }),
  interval_count: z.number().int().min(1).max(1_000).default(1),
  usage_type: z.enum(['licensed', 'metered']).default('licensed'),
  /**
   * How a change to this price is charged inside a period (issue 11 item 5): `prorate` credits the
   * old plan's unused time and charges the new one's, to the second; `difference` charges the plain
   * price difference for the period, whatever time is left.
   */
  proration_mode: z.enum(['prorate', 'difference']).default('prorate'),
});

export const priceFields = z.object({
  type: z.enum(['one_time', 'recurring']).default('one_time'),
  nickname: z.string().max(200).nullable().default(null),
  lookup_key: z.string().max(200).nullable().default(null),
  currency_id: z.string().min(1).max(64),
  unit_amount: amountString.default('0'),
  currency_options: z.array(currencyOption).max(20).default([]),
  custom_unit_amount: customUnitAmount.nullable().default(null),
  recurring: recurring.nullable().default(null),
  upsell: z
    .object({ upsells_to_id: z.string().min(1).max(64) })
    .nullable()
    .default(null),
  /** 0 means unlimited (seed 000 §5). */
  quantity_available: z.number().int().min(0).default(0),
  quantity_limit_per_checkout: z.number().int().min(0).default(0),
  active: z.boolean().default(true),
  metadata,
});

export const priceInput = priceFields.extend({ product_id: z.string().min(1).max(64) });

export const priceUpdate = z.object({
  nickname: z.string().max(200).nullable().optional(),
  lookup_key: z.string().max(200).nullable().optional(),
  active: z.boolean().optional(),
  quantity_available: z.number().int().min(0).optional(),
  quantity_limit_per_checkout: z.number().int().min(0).optional(),
  upsell: z
    .object({ upsells_to_id: z.string().min(1).max(64) })
    .nullable()
    .optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type PriceUpdate = z.input<typeof priceUpdate>;

const customUnitAmountOut = z.object({
  preset: z.string().optional(),
  presets: z.array(z.string()),
  minimum: z.string().optional(),
  maximum: z.string().optional(),
  // Prices made before presets-only amounts existed have none: they take any amount in range.
  custom: z.boolean().default(true),
});

export const priceSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  product_id: z.string(),
  type: z.enum(['one_time', 'recurring']),
  nickname: z.string().nullable(),
  lookup_key: z.string().nullable(),
  currency_id: z.string(),
  unit_amount: z.string(),
  currency_options: z.array(
    z.object({
      currency_id: z.string(),
      unit_amount: z.string(),
      custom_unit_amount: customUnitAmountOut.nullable(),
      tiers: z
        .array(
          z.object({
            up_to: z.number().nullable(),
            unit_amount: z.string(),
            flat_amount: z.string().optional(),
          }),
        )
        .nullable(),
    }),
  ),
  custom_unit_amount: customUnitAmountOut.nullable(),
  recurring: z
    .object({
      interval: z.enum(INTERVALS),
      interval_count: z.number(),
      usage_type: z.enum(['licensed', 'metered']),
      // Prices made before plan changes existed have none: they prorate.
      proration_mode: z.enum(['prorate', 'difference']).default('prorate'),
    })
    .nullable(),
  upsell: z.object({ upsells_to_id: z.string() }).nullable(),
  quantity_available: z.number(),
  quantity_sold: z.number(),
  quantity_limit_per_checkout: z.number(),
  active: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Price = z.infer<typeof priceSchema>;
export type PriceFields = z.infer<typeof priceFields>;
export type Recurring = NonNullable<Price['recurring']>;
export type CustomUnitAmount = z.infer<typeof customUnitAmountOut>;

export const priceRoutes = defineRoutes({
  'POST /api/prices': { body: priceInput, response: { 201: priceSchema } },
  'GET /api/prices': {
    querystring: pageQuery.extend({ product_id: z.string().max(64).optional(), active: activeFilter }),
    response: { 200: listOf(priceSchema) },
  },
  'GET /api/prices/:id': { params: idParam, response: { 200: priceSchema } },
  'PUT /api/prices/:id': { params: idParam, body: priceUpdate, response: { 200: priceSchema } },
});
