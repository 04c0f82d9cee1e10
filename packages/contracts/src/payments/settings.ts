import { z } from 'zod';
import { parseAmount } from '@kiosk/core';
import { defineRoutes } from '../route.ts';
import { currencySchema, publicMethodSchema } from './payment-methods.ts';

/** Seed 000 §7: the active payment methods of a mode, secrets stripped, and the base currency. */
export const settingsSchema = z.object({
  paymentMethods: z.array(publicMethodSchema),
  baseCurrency: currencySchema.nullable(),
});
export type KioskSettings = z.infer<typeof settingsSchema>;

/**
 * An amount in whole units ("0.01", "5"): a mount location's donation defaults hold amounts for
 * whichever currency a donation there is made in.
 */
const wholeAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,18})?$/, 'validation.wholeAmount');

/** A whole amount's exact value (never floating point: 18 places hold any), or undefined if malformed. */
function exact(amount: string): bigint | undefined {
  try {
    return parseAmount(amount, 18);
  } catch {
    return undefined;
  }
}

/** Seed 001 §9: a donation's default amounts, 1, 5 or 10 (1 chosen), from 0.01 up to 100, any allowed. */
export const DEFAULT_DONATE_AMOUNT = {
  presets: ['1', '5', '10'],
  preset: '1',
  minimum: '0.01',
  maximum: '100',
  custom: true,
} as const;

export const donateAmountSettings = z
  .object({
    presets: z
      .array(wholeAmount)
      .min(1)
      .max(10)
      .default([...DEFAULT_DONATE_AMOUNT.presets]),
    preset: wholeAmount.optional(),
    minimum: wholeAmount.default(DEFAULT_DONATE_AMOUNT.minimum),
    maximum: wholeAmount.default(DEFAULT_DONATE_AMOUNT.maximum),
    /** Whether a donor may give an amount of their own besides the presets. */
    custom: z.boolean().default(true),
  })
  .superRefine((a, context) => {
    const [minimum, maximum] = [exact(a.minimum), exact(a.maximum)];
    const preset = a.preset === undefined ? null : exact(a.preset);
    const presets = a.presets.map(exact);
    // A malformed amount has its own issue; the bounds are compared once all are amounts.
    if (minimum === undefined || maximum === undefined || presets.includes(undefined) || preset === undefined)
      return;
    const issue = (message: string, path: string) =>
      context.addIssue({ code: 'custom', message, path: [path] });
    if (minimum > maximum) issue('validation.maximumBelowMinimum', 'maximum');
    else if (presets.some((p) => p! < minimum || p! > maximum))
      issue('validation.presetOutOfRange', 'presets');
    if (preset !== null && !presets.includes(preset)) issue('validation.presetNotListed', 'preset');
  });

/** Seed 001 §3 donation settings of one mount location: the amounts, the button, the supporters' look. */
export const donateSettings = z.object({
  // Seed 001 §9's default donation when no amounts are given (1 chosen first).
  amount: donateAmountSettings.prefault({
    ...DEFAULT_DONATE_AMOUNT,
    presets: [...DEFAULT_DONATE_AMOUNT.presets],
  }),
  btnText: z.string().trim().min(1).max(60).optional(),
  historyType: z.enum(['avatar', 'table']).default('avatar'),
});
export type DonateSettings = z.output<typeof donateSettings>;

/**
 * POST /api/settings (seed 001 §7): the settings of a place in a host application (`mountLocation`,
 * a key the host chooses) made the first time, answered as they are after. Donations start inactive
 * unless `active` says otherwise: an owner enables them.
 */
export const settingCreate = z.object({
  type: z.literal('donate'),
  mountLocation: z.string().trim().min(1).max(200),
  description: z.string().trim().max(500).default(''),
  componentDid: z.string().trim().min(1).max(200).optional(),
  active: z.boolean().default(false),
  settings: donateSettings.prefault({}),
});

/** PUT /api/settings/{id or mountLocation}: enable or disable, or change the settings. */
export const settingUpdate = z.object({
  active: z.boolean().optional(),
  description: z.string().trim().max(500).optional(),
  settings: donateSettings.optional(),
});

/** A whole amount as answers carry it (answers are encoded, so they hold no input transforms). */
export const donateSettingsOut = z.object({
  amount: z.object({
    presets: z.array(z.string()),
    preset: z.string().optional(),
    minimum: z.string(),
    maximum: z.string(),
    custom: z.boolean(),
  }),
  btnText: z.string().optional(),
  historyType: z.enum(['avatar', 'table']),
});

export const settingSchema = z.object({
  id: z.string(),
  object: z.literal('setting'),
  livemode: z.boolean(),
  type: z.literal('donate'),
  mountLocation: z.string(),
  description: z.string(),
  componentDid: z.string().nullable(),
  active: z.boolean(),
  settings: donateSettingsOut,
  created: z.number(),
  updated: z.number(),
});
export type Setting = z.infer<typeof settingSchema>;

const settingParam = z.object({
  /** The setting's id (`set_…`) or its mount location. */
  id: z.string().min(1).max(200),
});

export const settingsRoutes = defineRoutes({
  'GET /api/settings': {
    querystring: z.object({ livemode: z.enum(['true', 'false']).optional() }),
    response: { 200: settingsSchema },
  },
  'POST /api/settings': {
    body: settingCreate,
    response: { 200: settingSchema, 201: settingSchema },
  },
  'GET /api/settings/:id': { params: settingParam, response: { 200: settingSchema } },
  'PUT /api/settings/:id': { params: settingParam, body: settingUpdate, response: { 200: settingSchema } },
});
