import { useQuery } from '@tanstack/react-query';
import type { DonationsAnswer } from '@kiosk/contracts';
import { useKiosk } from '../provider/KioskProvider.tsx';

/** Supporters the chip's list holds: the newest, enough to scroll through. */
export const SUPPORTERS_PAGE = 50;

export const donationsQueryKey = (target: string) => ['donations', target] as const;

/** A donation target's link, supporters and total (`GET /api/donations`), in `livemode` when given. */
export function useDonations(target: string, livemode?: boolean) {
  const { client } = useKiosk();
  return useQuery({
    queryKey: [...donationsQueryKey(target), livemode],
    queryFn: (): Promise<DonationsAnswer> =>
      client.call('GET /api/donations', { query: { target, pageSize: SUPPORTERS_PAGE, livemode } }),
  });
}
