import { MAX_AMOUNT, MAX_AMOUNT_DIGITS } from '@kiosk/core';
import { z } from 'zod';
import { isWebAddress, WEB_ADDRESS_MAX } from './web-address.ts';

/**
 * Wire pieces every resource shares. Amounts are decimal strings of smallest units: JSON numbers
 * cannot hold 18-decimal tokens, and an amount beyond uint256 (78 digits) is refused at the edge.
 */
export const amountString = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((value) => String(value))
  .refine(
    (value) =>
      new RegExp(`^(0|[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}})$`).test(value) && BigInt(value) <= MAX_AMOUNT,
    'validation.amount',
  );

/** An address a browser is sent to or offered as a link: http(s) only (web-address.ts). */
export const webAddress = z
  .string()
  .refine(isWebAddress, 'validation.webAddress')
  .meta({ format: 'uri', maxLength: WEB_ADDRESS_MAX });

export const metadata = z.record(z.string(), z.unknown()).default({});
export const idParam = z.object({ id: z.string().min(1).max(64) });

/** A yes/no query parameter: `1` or `true` sets it; absent, `0` or `false` leaves it off. */
export const queryFlag = z
  .enum(['1', 'true', '0', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** A list's filter on `active`: `true` or `false`; absent, both. */
export const activeFilter = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * Every list: `page` counts from 1 (seed 001 §7), `pageSize` up to 100; newest first. A large list
 * is walked with `starting_after` (the last id of the page before), which stays right while rows are
 * being added.
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  starting_after: z.string().min(1).max(64).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), count: z.number() });
}

/** The shape of every failure. */
export const errorBody = z.object({
  code: z.string(),
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/**
 * The update of a resource from its create schema: every field optional and none defaulted, so an
 * update changes exactly the fields it names (`.partial()` would still fill in the create defaults).
 */
export function updateOf<Shape extends z.ZodRawShape>(create: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([name, field]) => [
      name,
      ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
    ]),
  );
  return z.object(shape as unknown as { [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> });
}
