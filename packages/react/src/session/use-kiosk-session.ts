import { useQuery } from '@tanstack/react-query';
import { useKiosk } from '../provider/KioskProvider.tsx';

export interface Passport {
  id: string;
  role: 'owner' | 'admin' | 'developer' | 'member';
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

export function useKioskSession() {
  const { client } = useKiosk();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => client.request<SessionAnswer>('/api/session'),
  });
}
