import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinRequest } from '@kiosk/contracts';
import { kioskClient } from '../../lib/api.ts';

const JOIN_REQUESTS_QUERY_KEY = ['console', 'join-requests'] as const;
/** The developers' list (use-developers.ts): an approval adds to it. */
const DEVELOPERS_QUERY_KEY = ['console', 'developers'] as const;

export type JoinRequestDecision = 'approve' | 'decline';

/** The requests waiting on the admins, longest first. `page` is zero-based, as DataTable counts. */
export function useJoinRequests(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...JOIN_REQUESTS_QUERY_KEY, { page, pageSize }],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/console/join-requests', {
        query: { status: 'pending', page: page + 1, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Approves (granting the developer role) or declines; either way the lists are read again. */
export function useDecideJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: { request: JoinRequest; decision: JoinRequestDecision }) =>
      decision === 'approve'
        ? kioskClient.call('POST /api/console/join-requests/:id/approve', { params: { id: request.id } })
        : kioskClient.call('POST /api/console/join-requests/:id/decline', { params: { id: request.id } }),
    // Also after a refusal (409: another admin decided first), so the list shows what is still waiting.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: JOIN_REQUESTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DEVELOPERS_QUERY_KEY }),
      ]),
  });
}
