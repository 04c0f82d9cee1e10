import type { Role } from '@kiosk/core';

/**
 * Kiosk Pay's merchant side (the dashboard, the live/test switch): owners and admins, the same people
 * the API's merchant routes admit by session (packages/payments/src/schemas.ts `MERCHANT`).
 */
export const MERCHANT_ROLES: readonly Role[] = ['owner', 'admin'];
