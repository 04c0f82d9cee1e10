import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

/** A secret API key as listed; the secret itself is never listed (docs/identity.md §4). */
export interface ApiKey {
  id: string;
  name: string;
  livemode: boolean;
  /** The key's visible start, e.g. `sk_test_4f2a`. */
  prefix: string;
  /** Unix seconds. */
  created_at: number;
  last_used_at: number | null;
}

export interface ApiKeyList {
  list: ApiKey[];
  count: number;
}

/** The answer to creating a key: the only time the secret is seen. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}

export interface CreateApiKeyInput {
  name: string;
  livemode: boolean;
}

const API_KEYS_QUERY_KEY = ['api-keys'] as const;

/** `page` is zero-based as DataTable counts; the API counts pages from 1 (seed 001 §7). */
export function useApiKeys(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...API_KEYS_QUERY_KEY, { page, pageSize }],
    queryFn: () =>
      apiFetch<ApiKeyList>(
        `/api/api-keys?${new URLSearchParams({ page: String(page + 1), pageSize: String(pageSize) })}`,
      ),
    // Keeps the rows on screen while the next page loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiFetch<CreatedApiKey>('/api/api-keys', { method: 'POST', body: input }),
    // Not awaited: the secret shows at once, the list catches up behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
