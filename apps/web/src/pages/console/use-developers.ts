import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallAnswer } from '@kiosk/sdk';
import { kioskClient } from '../../lib/api.ts';
import { SESSION_QUERY_KEY } from '../../hooks/use-session.ts';

const DEVELOPERS_QUERY_KEY = ['console', 'developers'] as const;

/**
 * The contract's `DID_PATTERN` (@kiosk/contracts' values bring zod into the browser, so it is restated
 * here; DevelopersSection.test.tsx checks the two agree).
 */
export const USER_DID_PATTERN = /^did:pkh:eip155:1:0x[0-9a-f]{40}$/;

/** A user as `GET /api/users` lists them, with their live passports. */
export type ConsoleUser = CallAnswer<'GET /api/users'>['list'][number];
export type ConsolePassport = ConsoleUser['passports'][number];

/** The passport that makes the user a developer: the one the console shows and revokes. */
export function developerPassport(user: ConsoleUser): ConsolePassport | undefined {
  return user.passports.find((passport) => passport.role === 'developer');
}

/** The users holding a live developer passport, newest first. `page` is zero-based, as DataTable counts. */
export function useDevelopers(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...DEVELOPERS_QUERY_KEY, { page, pageSize }],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/users', {
        query: { role: 'developer', page: page + 1, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshDevelopers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DEVELOPERS_QUERY_KEY }),
      // An admin may add or revoke themselves: their own menu follows their roles.
      queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    ]);
}

/** The person must have signed in once: an unknown DID is refused (404 `USER_NOT_FOUND`). */
export function useAddDeveloper() {
  const refresh = useRefreshDevelopers();
  return useMutation({
    mutationFn: (did: string) =>
      kioskClient.call('POST /api/passports', { body: { did, role: 'developer' } }),
    onSuccess: refresh,
  });
}

export function useRevokeDeveloper() {
  const refresh = useRefreshDevelopers();
  return useMutation({
    mutationFn: (passportId: string) =>
      kioskClient.call('DELETE /api/passports/:id', { params: { id: passportId } }),
    onSuccess: refresh,
  });
}
