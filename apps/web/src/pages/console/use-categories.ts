import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { kioskClient } from '../../lib/api.ts';

/** The store front reads the same list under this key; a change here refreshes it there too. */
const CATEGORIES_QUERY_KEY = ['store', 'categories'] as const;

export interface CategoryInput {
  name: string;
  /** The names in other languages; an empty object clears them. */
  locales: { zh?: string };
}

export function useCategories() {
  return useQuery({
    queryKey: CATEGORIES_QUERY_KEY,
    queryFn: ({ signal }) => kioskClient.call('GET /api/categories', { signal }),
  });
}

function useRefreshCategories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
}

export function useCreateCategory() {
  const refresh = useRefreshCategories();
  return useMutation({
    mutationFn: (input: CategoryInput) => kioskClient.call('POST /api/console/categories', { body: input }),
    onSuccess: refresh,
  });
}

export function useRenameCategory(id: string) {
  const refresh = useRefreshCategories();
  return useMutation({
    mutationFn: (input: CategoryInput) =>
      kioskClient.call('PUT /api/console/categories/:id', { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

/** A category that apps are in is refused (`CATEGORY_IN_USE`); its text is the dialog's to show. */
export function useDeleteCategory(id: string) {
  const refresh = useRefreshCategories();
  return useMutation({
    mutationFn: () => kioskClient.call('DELETE /api/console/categories/:id', { params: { id } }),
    onSuccess: refresh,
  });
}
