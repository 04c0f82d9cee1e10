import { z } from 'zod';
import { defineRoutes } from './route.ts';

/** Served only by `kiosk serve --demo` and test servers: the built-in test wallet. */
export const demoRoutes = defineRoutes({
  'POST /api/test-wallet/connect': {
    body: z.object({
      token: z.string().min(1).max(64),
      account_index: z.number().int().min(0).max(19).default(0),
    }),
    response: { 200: z.object({ address: z.string() }) },
  },
});
