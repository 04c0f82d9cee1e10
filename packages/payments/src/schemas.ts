import { MAX_AMOUNT_DIGITS } from '@kiosk/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Shared wire pieces. Amounts are decimal strings of smallest units (JSON numbers cannot hold 18-decimal tokens). */
export const amountString = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((value) => String(value))
  .refine(
    (value) => new RegExp(`^(0|[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}})$`).test(value),
    'validation.amount',
  );

export const metadata = z.record(z.string(), z.unknown()).default({});
export const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'validation.address');
export const idParam = z.object({ id: z.string().min(1).max(64) });

/** A yes/no query parameter: `1` or `true` sets it; absent, `0` or `false` leaves it off. */
export const queryFlag = z
  .enum(['1', 'true', '0', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

export const listQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), count: z.number() });
}

/** Who may use the merchant API: owners and admins in the dashboard, back ends with a secret key. */
export const MERCHANT = ['admin', 'apiKey'] as const;

/** The buyer a request speaks for: a signed-in user, or the customer of an authToken. */
export const buyerDid = (request: FastifyRequest): string | undefined =>
  request.auth.kind === 'user'
    ? request.auth.did
    : request.auth.kind === 'authToken'
      ? request.auth.customerDid
      : undefined;
