import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewType } from '@kiosk/core';
import type { ADMIN_REVIEW_ACTIONS, REVIEW_QUEUE_STATUSES } from '@kiosk/contracts';
import type { CallAnswer } from '@kiosk/sdk';
import { kioskClient } from '../../lib/api.ts';

/** Every console query about apps starts with this key, so one invalidation refreshes queue, thread and app. */
const CONSOLE_APPS_QUERY_KEY = ['console', 'apps'] as const;
const STORE_SETTINGS_QUERY_KEY = ['console', 'store-settings'] as const;

export type AdminReviewAction = (typeof ADMIN_REVIEW_ACTIONS)[number];
export type ReviewQueueStatus = (typeof REVIEW_QUEUE_STATUSES)[number];
/** A version in the queue, with its app's did, name, title, logo and developer. */
export type ReviewQueueItem = CallAnswer<'GET /api/console/reviews'>['list'][number];

export interface ReviewActionInput {
  action: AdminReviewAction;
  message?: string;
}

/**
 * The admins' queue, waiting longest first. Without `status` the server lists what waits on the
 * admins (pending and inReview). `page` is zero-based as DataTable counts; the API counts from 1.
 */
export function useReviewQueue(status: ReviewQueueStatus | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...CONSOLE_APPS_QUERY_KEY, 'queue', { status, page, pageSize }],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/console/reviews', {
        query: { status, page: page + 1, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** docs/store.md: the thread's route is the developer's, and admins may read it too. */
export function useReviewThread(did: string, version: string) {
  return useQuery({
    queryKey: [...CONSOLE_APPS_QUERY_KEY, 'thread', did, version],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/developer/apps/:did/versions/:version/thread', {
        params: { did, version },
        signal,
      }),
  });
}

/** The app as the admins see it: with `blocked` and `block_reason`, which the queue does not carry. */
export function useConsoleApp(did: string) {
  return useQuery({
    queryKey: [...CONSOLE_APPS_QUERY_KEY, 'app', did],
    queryFn: ({ signal }) => kioskClient.call('GET /api/apps/:did', { params: { did }, signal }),
  });
}

function useRefreshConsoleApps(did: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CONSOLE_APPS_QUERY_KEY }),
      // The store front's copy of the app changes too when it is blocked or a version goes out.
      queryClient.invalidateQueries({ queryKey: ['store', 'app', did] }),
      queryClient.invalidateQueries({ queryKey: ['store', 'apps'] }),
    ]);
}

export function useReviewAction(did: string, version: string) {
  const refresh = useRefreshConsoleApps(did);
  return useMutation({
    mutationFn: (input: ReviewActionInput) =>
      kioskClient.call('POST /api/console/apps/:did/versions/:version/review', {
        params: { did, version },
        body: input,
      }),
    onSuccess: refresh,
  });
}

/** Seed 001 §6: the reason is required, and its developer sees it. */
export function useBlockApp(did: string) {
  const refresh = useRefreshConsoleApps(did);
  return useMutation({
    mutationFn: (reason: string) =>
      kioskClient.call('PUT /api/console/apps/:did/block', { params: { did }, body: { reason } }),
    onSuccess: refresh,
  });
}

export function useUnblockApp(did: string) {
  const refresh = useRefreshConsoleApps(did);
  return useMutation({
    mutationFn: () => kioskClient.call('PUT /api/console/apps/:did/unblock', { params: { did } }),
    onSuccess: refresh,
  });
}

export function useStoreSettings() {
  return useQuery({
    queryKey: STORE_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => kioskClient.call('GET /api/console/store-settings', { signal }),
  });
}

export function useUpdateStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewType: ReviewType) =>
      kioskClient.call('PUT /api/console/store-settings', { body: { review_type: reviewType } }),
    onSuccess: (settings) => queryClient.setQueryData(STORE_SETTINGS_QUERY_KEY, settings),
  });
}
