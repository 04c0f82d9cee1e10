import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { JoinRequest } from '@kiosk/contracts';
import { ApiError } from '@kiosk/sdk';
import { SESSION_QUERY_KEY } from '../../hooks/use-session.ts';
import { kioskClient } from '../../lib/api.ts';

/** Per user: another account signed in on the same page has requests of its own. */
const myJoinRequestKey = (did: string) => ['join-request', 'mine', did] as const;

/** The signed-in user's latest request to join, or null when they never asked. */
export function useMyJoinRequest(did: string) {
  return useQuery({
    queryKey: myJoinRequestKey(did),
    queryFn: ({ signal }) => kioskClient.call('GET /api/developer/join-requests/mine', { signal }),
  });
}

/**
 * An approval grants a passport the page's session does not know of yet: reading the session again
 * brings it to the header's menus and to this page.
 */
export function useSessionRefreshOnMount() {
  const queryClient = useQueryClient();
  useEffect(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }), [queryClient]);
}

/** Asks with the terms ticked; the answer (new, or the pending one already there) is shown at once. */
export function useSubmitJoinRequest(did: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      kioskClient.call('POST /api/developer/join-requests', {
        body: { terms_accepted: true, ...(message ? { message } : {}) },
      }),
    onSuccess: (request: JoinRequest) => queryClient.setQueryData(myJoinRequestKey(did), request),
    // Made a developer meanwhile (another tab, an admin's grant): the session says so, and the page too.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_DEVELOPER')
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export function useWithdrawJoinRequest(did: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => kioskClient.call('DELETE /api/developer/join-requests/mine'),
    onSuccess: (request: JoinRequest) => queryClient.setQueryData(myJoinRequestKey(did), request),
    // Decided meanwhile (409): read it again to show what it has become.
    onError: () => queryClient.invalidateQueries({ queryKey: myJoinRequestKey(did) }),
  });
}
