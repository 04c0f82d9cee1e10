import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewType } from '@kiosk/core';
import { kioskClient } from '../../lib/api.ts';

/**
 * The key every console query about apps starts with (use-console-reviews.ts): refreshing it reads
 * the app again through `useConsoleApp`, and the queue with it.
 */
const CONSOLE_APPS_QUERY_KEY = ['console', 'apps'] as const;

/**
 * An admin sets the app's own review type; null follows the store's setting again. The mutation
 * stays pending until the app is read again, so the select never flashes the old value.
 */
export function useSetAppReviewType(did: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewType: ReviewType | null) =>
      kioskClient.call('PUT /api/console/apps/:did', {
        params: { did },
        body: { review_type: reviewType },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSOLE_APPS_QUERY_KEY }),
  });
}
