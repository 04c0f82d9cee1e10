import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { APP_SORTS } from '@kiosk/contracts';
import { kioskClient } from '../../lib/api.ts';

export type AppSort = (typeof APP_SORTS)[number];

/** The store front's lists (issue 12 item 9): results page by page, each home section in one row. */
export const RESULTS_PAGE_SIZE = 20;
export const HOME_SECTION_SIZE = 8;

export interface StoreAppsQuery {
  q?: string;
  category?: string;
  sort: AppSort;
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
}

/**
 * One page of the published apps. Store apps belong to no mode, so the key carries no livemode. The
 * last page stays on screen while the next sort or page loads, so the grid does not jump.
 */
export function useStoreApps(query: StoreAppsQuery) {
  return useQuery({
    queryKey: ['store', 'apps', query],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/apps', {
        query: {
          q: query.q || undefined,
          category: query.category,
          sort: query.sort,
          page: query.page,
          pageSize: query.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One app with its versions; a 404 is an answer (the page says "app not found"), never retried. */
export function useStoreApp(did: string) {
  return useQuery({
    queryKey: ['store', 'app', did],
    queryFn: ({ signal }) => kioskClient.call('GET /api/apps/:did', { params: { did }, signal }),
  });
}

/** The admins' categories change rarely: read once a session, not on every screen. */
export function useStoreCategories() {
  return useQuery({
    queryKey: ['store', 'categories'],
    queryFn: ({ signal }) => kioskClient.call('GET /api/categories', { signal }),
    staleTime: 5 * 60_000,
  });
}
