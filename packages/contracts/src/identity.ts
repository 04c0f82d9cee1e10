import { ROLES } from '@kiosk/core';
import { z } from 'zod';

export const passportSchema = z.object({ id: z.string(), role: z.enum(ROLES), issued_at: z.number() });

export const userSchema = z.object({
  did: z.string(),
  address: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  passports: z.array(passportSchema),
});

export const siweAnswer = z.object({
  message: z.string().min(1).max(4_000),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, 'validation.hexSignature')
    .max(1_000),
});
