import { QueryClient } from '@tanstack/react-query';
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
