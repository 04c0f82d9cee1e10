import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CliConnection } from '@kiosk/contracts';
import { kioskClient } from '../../lib/api.ts';

const cliConnectionKey = (id: string) => ['cli-connection', id] as const;

/** The connection `kiosk login` (or an editor) opened, read once the visitor is signed in (`enabled`). */
export function useCliConnection(id: string, enabled: boolean) {
  return useQuery({
    queryKey: cliConnectionKey(id),
    queryFn: () => kioskClient.call('GET /api/connect-cli/:id', { params: { id } }),
    enabled: enabled && id !== '',
    // A 404 or an expired connection will not change by asking again.
    retry: false,
  });
}

/** Approves or denies; the answer is the connection in its new status, which the page then shows. */
export function useAnswerCliConnection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'approve' | 'deny') =>
      answer === 'approve'
        ? kioskClient.call('POST /api/connect-cli/:id/approve', { params: { id } })
        : kioskClient.call('POST /api/connect-cli/:id/deny', { params: { id } }),
    onSuccess: (connection: CliConnection) => queryClient.setQueryData(cliConnectionKey(id), connection),
    // Refused as no longer pending (409): read it again to show what it has become.
    onError: () => queryClient.invalidateQueries({ queryKey: cliConnectionKey(id) }),
  });
}
