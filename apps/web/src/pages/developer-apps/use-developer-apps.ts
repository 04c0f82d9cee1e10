import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DEVELOPER_REVIEW_ACTIONS } from '@kiosk/contracts';
import { kioskClient } from '../../lib/api.ts';

/** Every developer-app query starts with this key, so one invalidation refreshes list, app and threads. */
const DEVELOPER_APPS_QUERY_KEY = ['developer', 'apps'] as const;

export type DeveloperReviewAction = (typeof DEVELOPER_REVIEW_ACTIONS)[number];

export interface AppDetailsInput {
  title: string;
  description: string;
  /** A category's name; null takes the app out of its category. */
  category: string | null;
  visibility: 'public' | 'private';
  auto_publish: boolean;
  accepts_donations: boolean;
}

export interface ReviewActionInput {
  version: string;
  action: DeveloperReviewAction;
  message?: string;
}

/** The developer's apps, newest first; `page` is zero-based as DataTable counts, the API counts from 1. */
export function useDeveloperAppList(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...DEVELOPER_APPS_QUERY_KEY, 'list', { page, pageSize }],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/developer/apps', { query: { page: page + 1, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One app with every version, as its developer sees it (owner fields included). */
export function useDeveloperApp(did: string) {
  return useQuery({
    queryKey: [...DEVELOPER_APPS_QUERY_KEY, 'app', did],
    queryFn: ({ signal }) => kioskClient.call('GET /api/apps/:did', { params: { did }, signal }),
  });
}

/** A version's review thread, oldest first. */
export function useReviewThread(did: string, version: string) {
  return useQuery({
    queryKey: [...DEVELOPER_APPS_QUERY_KEY, 'thread', did, version],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/developer/apps/:did/versions/:version/thread', {
        params: { did, version },
        signal,
      }),
  });
}

/** The admins' categories change rarely: read once a session (the store front shares the key). */
export function useCategories() {
  return useQuery({
    queryKey: ['store', 'categories'],
    queryFn: ({ signal }) => kioskClient.call('GET /api/categories', { signal }),
    staleTime: 5 * 60_000,
  });
}

function useRefreshDeveloperApps(did: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DEVELOPER_APPS_QUERY_KEY }),
      // The store front's copy of the app changes too when a version is published or details change.
      queryClient.invalidateQueries({ queryKey: ['store', 'app', did] }),
    ]);
}

export function useUpdateApp(did: string) {
  const refresh = useRefreshDeveloperApps(did);
  return useMutation({
    mutationFn: (input: AppDetailsInput) =>
      kioskClient.call('PUT /api/developer/apps/:did', { params: { did }, body: input }),
    onSuccess: refresh,
  });
}

/** The developer's side of the review workflow (docs/store.md "The review workflow over HTTP"). */
export function useReviewAction(did: string) {
  const refresh = useRefreshDeveloperApps(did);
  return useMutation({
    mutationFn: ({ version, action, message }: ReviewActionInput) =>
      kioskClient.call('POST /api/developer/apps/:did/versions/:version/review', {
        params: { did, version },
        body: message ? { action, message } : { action },
      }),
    onSuccess: refresh,
  });
}

/** The app's figures per day over the last 30 days (downloads, launches, sales, ratings). */
export function useAppAnalytics(did: string) {
  return useQuery({
    queryKey: [...DEVELOPER_APPS_QUERY_KEY, 'analytics', did],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/developer/apps/:did/analytics', { params: { did }, signal }),
  });
}
