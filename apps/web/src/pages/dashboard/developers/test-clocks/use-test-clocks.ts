import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { kioskClient } from '../../../../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../../../../lib/query-client.ts';

/** While a clock of the page is advancing, the page is read again this often, until it is ready. */
export const ADVANCING_POLL_MS = 1_000;

/** A new clock as sent: a name, or null for none. */
export interface NewTestClock {
  name: string | null;
  frozen_time: number;
}

/** Every test-clock query of a mode sits under this key, so a change refreshes them all. */
const clocksKey = (livemode: boolean, ...parts: unknown[]) => modeKey(livemode, 'test-clocks', ...parts);

/** The mode's clocks, one page; live mode has none, so it asks nothing (the API would answer 400). */
export function useTestClocks(livemode: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: clocksKey(livemode, 'list', page, pageSize),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/test-clocks', {
        // The list's page counts from 0 as DataTable does; the API's from 1 (seed 001 §7).
        query: { page: page + 1, pageSize, livemode },
        signal,
      }),
    enabled: !livemode,
    placeholderData: keepPreviousDataOfMode(livemode),
    // An advance bills in a job: the clock says `advancing` until it is done, then `ready`.
    refetchInterval: (query) =>
      query.state.data?.list.some((clock) => clock.status === 'advancing') ? ADVANCING_POLL_MS : false,
  });
}

/** The clock changes of a mode; each refreshes the mode's clock queries once it settles. */
export function useTestClockChanges(livemode: boolean) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: clocksKey(livemode) });
  const create = useMutation({
    mutationFn: (body: NewTestClock) =>
      kioskClient.call('POST /api/test-clocks', { body, query: { livemode } }),
    onSettled,
  });
  const advance = useMutation({
    mutationFn: ({ id, frozen_time }: { id: string; frozen_time: number }) =>
      kioskClient.call('POST /api/test-clocks/:id/advance', {
        params: { id },
        body: { frozen_time },
        query: { livemode },
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      kioskClient.call('DELETE /api/test-clocks/:id', { params: { id }, query: { livemode } }),
    onSettled,
  });
  return { create, advance, remove };
}
