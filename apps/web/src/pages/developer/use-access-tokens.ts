import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenPermission } from '@kiosk/contracts';
import { kioskClient } from '../../lib/api.ts';

const ACCESS_TOKENS_QUERY_KEY = ['developer', 'access-tokens'] as const;
/** A developer has few apps; the scope picker lists them in one page (the API's largest). */
const APPS_PAGE_SIZE = 100;

export interface CreateAccessTokenInput {
  name: string;
  /** `all` or one app's DID. */
  scope: string;
  permission: AccessTokenPermission;
  /** Seconds from now. */
  expires_in: number;
}

/** `page` is zero-based as DataTable counts; the API counts pages from 1. */
export function useAccessTokens(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...ACCESS_TOKENS_QUERY_KEY, { page, pageSize }],
    queryFn: () =>
      kioskClient.call('GET /api/developer/access-tokens', { query: { page: page + 1, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccessTokenInput) =>
      kioskClient.call('POST /api/developer/access-tokens', { body: input }),
    // Not awaited: the secret shows at once, the list catches up behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ACCESS_TOKENS_QUERY_KEY });
    },
  });
}

/** Seed 001 §5: the server deletes a token only with its name typed back. */
export function useDeleteAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      kioskClient.call('DELETE /api/developer/access-tokens/:id', { params: { id }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCESS_TOKENS_QUERY_KEY }),
  });
}

/** The developer's own apps, for a token scoped to one of them. */
export function useDeveloperApps() {
  return useQuery({
    queryKey: ['developer', 'apps', { pageSize: APPS_PAGE_SIZE }],
    queryFn: () => kioskClient.call('GET /api/developer/apps', { query: { pageSize: APPS_PAGE_SIZE } }),
  });
}
