import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '@kiosk/sdk';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Seed 001 §9: the same request within 3 s is answered from the first one.
        staleTime: 3_000,
        // A 4xx answer will not change on retry; only server and network failures are worth another try.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < MAX_RETRIES,
      },
    },
  });
}

/**
 * Live and test data never share a screen (seed 001 §1). A query of data that belongs to a mode is keyed
 * `modeKey(livemode, …)` and sends that same `livemode` with its call, so an answer can only land under
 * the mode it was asked in, even one still on its way when the mode switches. Switching then drops the
 * other mode's entries (`dropModeData`), so nothing of it stays in memory or flashes on the way back.
 */
const MODE_SCOPE = 'mode';

export function modeKey<const Parts extends readonly unknown[]>(livemode: boolean, ...parts: Parts) {
  return [MODE_SCOPE, livemode, ...parts] as const;
}

export function dropModeData(queryClient: QueryClient, livemode: boolean): void {
  queryClient.removeQueries({ queryKey: [MODE_SCOPE, livemode] });
}

/**
 * `placeholderData` that keeps the last page on screen while the next one loads, as `keepPreviousData`
 * does, except across a switch of mode: the other mode's rows must not stand in for this one's.
 */
export function keepPreviousDataOfMode(livemode: boolean) {
  return <Data>(
    previous: Data | undefined,
    previousQuery: Query<Data, Error, Data, readonly unknown[]> | undefined,
  ) =>
    previousQuery?.queryKey[0] === MODE_SCOPE && previousQuery.queryKey[1] === livemode
      ? previous
      : undefined;
}
