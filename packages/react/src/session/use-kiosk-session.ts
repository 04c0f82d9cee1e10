import type { SessionAnswer } from '@kiosk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useKiosk } from '../provider/KioskProvider.tsx';

export type { Passport, SessionAnswer, SessionUser } from '@kiosk/contracts';

export const SESSION_QUERY_KEY = ['session'] as const;

export function useKioskSession() {
  const { client } = useKiosk();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: (): Promise<SessionAnswer> => client.call('GET /api/session'),
  });
}
