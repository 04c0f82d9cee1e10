import { webAddress } from '@kiosk/contracts';
import { z } from 'zod';

/**
 * A Stripe account as a payment method (cards). The keys come from the merchant's Stripe dashboard
 * (Developers → API keys); the signing secret from the webhook endpoint they add there
 * (README "Cards through Stripe"). `secret_key` and `webhook_signing_secret` are write-only: answers
 * and events show their last four characters (payment-methods/secret-settings.ts).
 */
export const stripeSettings = z.object({
  publishable_key: z.string().regex(/^pk_(test|live)_\w{4,}$/, 'validation.publishableKey'),
  /** A secret or restricted key: it can move money, so it never leaves the server. */
  secret_key: z.string().regex(/^(sk|rk)_(test|live)_\w{4,}$/, 'validation.secretKey'),
  /** Without it, notices (webhooks) are refused and payments are learnt when their buyer returns. */
  webhook_signing_secret: z
    .string()
    .regex(/^whsec_\w{4,}$/, 'validation.webhookSecret')
    .optional(),
  /** Where the merchant reads a payment in Stripe (seed 000 §3 `dashboard`). */
  dashboard: webAddress.default('https://dashboard.stripe.com'),
});
export type StripeSettings = z.infer<typeof stripeSettings>;
