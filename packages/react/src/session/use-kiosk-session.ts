import type { SessionAnswer } from '@kiosk/contracts';
import type { KioskClient } from '@kiosk/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useKiosk } from '../provider/KioskProvider.tsx';

export type { Passport, SessionAnswer, SessionUser } from '@kiosk/contracts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** Who is signed in; also asked ahead of the first render (see prefetchCheckout). */
export function sessionQuery(client: KioskClient) {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: (): Promise<SessionAnswer> => client.call('GET /api/session'),
  });
}

export function useKioskSession() {
  const { client } = useKiosk();
  return useQuery(sessionQuery(client));
}
