import { ROLES, type Role } from '@kiosk/core';
import type { SessionUser } from '../hooks/use-session.ts';

/** The console is for store admins, and owners are admins too. */
export const CONSOLE_ROLES: readonly Role[] = ['owner', 'admin'];
/** Seed 001 §6: a user holding a passport with role developer is treated as a developer. */
export const DEVELOPER_ROLES: readonly Role[] = ['developer'];
/** Docs §4: owners and admins manage secret API keys. */
export const API_KEY_ROLES: readonly Role[] = ['owner', 'admin'];

export function hasAnyRole(user: Pick<SessionUser, 'passports'>, roles: readonly Role[]): boolean {
  return user.passports.some((passport) => roles.includes(passport.role));
}

/** The user's roles once each, in the order of ROLES (most powerful first). */
export function rolesOf(user: Pick<SessionUser, 'passports'>): Role[] {
  return ROLES.filter((role) => user.passports.some((passport) => passport.role === role));
}
