import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';
import type { Role } from '../lib/roles.ts';

export interface Passport {
  id: string;
  role: Role;
  /** Unix seconds. */
  issued_at: number;
}

export interface SessionUser {
  did: string;
  address: string;
  name: string | null;
  avatar: string | null;
  passports: Passport[];
}

/** `GET /api/session` (docs/identity.md §1). */
export interface SessionAnswer {
  user: SessionUser | null;
  initialized: boolean;
  /** The server's test wallet may answer connect sessions (test mode and demos). */
  test_wallet: boolean;
}

export const SESSION_QUERY_KEY = ['session'] as const;

export function fetchSession(): Promise<SessionAnswer> {
  return apiFetch<SessionAnswer>('/api/session');
}

export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession });
}
