import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { kioskClient } from '../lib/api.ts';

export interface CreateApiKeyInput {
  name: string;
  livemode: boolean;
}

const API_KEYS_QUERY_KEY = ['api-keys'] as const;

/** `page` is zero-based as DataTable counts; the API counts pages from 1 (seed 001 §7). */
export function useApiKeys(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...API_KEYS_QUERY_KEY, { page, pageSize }],
    queryFn: () => kioskClient.call('GET /api/api-keys', { query: { page: page + 1, pageSize } }),
    // Keeps the rows on screen while the next page loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => kioskClient.call('POST /api/api-keys', { body: input }),
    // Not awaited: the secret shows at once, the list catches up behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => kioskClient.call('DELETE /api/api-keys/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
