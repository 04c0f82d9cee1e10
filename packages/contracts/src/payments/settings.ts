import { z } from 'zod';
import { defineRoutes } from '../route.ts';
import { currencySchema, publicMethodSchema } from './payment-methods.ts';

/** Seed 000 §7: the active payment methods of a mode, secrets stripped, and the base currency. */
export const settingsSchema = z.object({
  paymentMethods: z.array(publicMethodSchema),
  baseCurrency: currencySchema.nullable(),
});
export type KioskSettings = z.infer<typeof settingsSchema>;

export const settingsRoutes = defineRoutes({
  'GET /api/settings': {
    querystring: z.object({ livemode: z.enum(['true', 'false']).optional() }),
    response: { 200: settingsSchema },
  },
});
