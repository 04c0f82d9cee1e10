import { SECONDS } from '@kiosk/core';
import type { AccessTokenPermission } from '@kiosk/contracts';
import type { CreateAccessTokenInput } from './use-access-tokens.ts';

/** Issue 12 item 3: the lifetimes offered, 90 days first as the server's own default. */
export const EXPIRY_DAYS = [30, 90, 180, 365] as const;
export const DEFAULT_EXPIRY_DAYS = 90;
/** The scope of a token for every app of its developer. */
export const ALL_APPS = 'all';

export interface AccessTokenFormValues {
  name: string;
  /** `all` or one app's DID. */
  scope: string;
  permission: AccessTokenPermission;
  expiryDays: number;
}

export const EMPTY_ACCESS_TOKEN_FORM: AccessTokenFormValues = {
  name: '',
  scope: ALL_APPS,
  permission: 'publish',
  expiryDays: DEFAULT_EXPIRY_DAYS,
};

export function createAccessTokenBody(values: AccessTokenFormValues): CreateAccessTokenInput {
  return {
    name: values.name.trim(),
    scope: values.scope,
    permission: values.permission,
    expires_in: values.expiryDays * SECONDS.day,
  };
}
