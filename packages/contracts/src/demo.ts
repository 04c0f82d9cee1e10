import { z } from 'zod';
import { defineRoutes } from './route.ts';

/** Served only by `kiosk serve --demo` and test servers: the built-in test wallet, EVM and Bitcoin. */
export const demoRoutes = defineRoutes({
  'POST /api/test-wallet/connect': {
    body: z.object({
      token: z.string().min(1).max(64),
      account_index: z.number().int().min(0).max(19).default(0),
    }),
    response: { 200: z.object({ address: z.string() }) },
  },
  'POST /api/test-wallet/bitcoin-payments': {
    body: z.object({ checkout_session_id: z.string().min(1).max(64) }),
    response: {
      200: z.object({
        /** The order's address, paid by the local regtest chain's funding. */
        address: z.string(),
        /** Satoshis sent: exactly what the address asks. */
        amount: z.string(),
        txid: z.string(),
      }),
    },
  },
});
