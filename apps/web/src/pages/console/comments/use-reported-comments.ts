import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallAnswer } from '@kiosk/sdk';
import { kioskClient } from '../../../lib/api.ts';

const REPORTED_COMMENTS_KEY = ['console', 'comments', 'reported'] as const;

type ReportedPage = CallAnswer<'GET /api/console/comments/reported'>;
/** A reported comment as the admins' list answers it, with its reports. */
export type ReportedComment = ReportedPage['list'][number];
export type CommentReport = ReportedComment['reports'][number];

/** Reported comments not hidden yet, latest reported first. `page` is zero-based, as DataTable counts. */
export function useReportedComments(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...REPORTED_COMMENTS_KEY, { page, pageSize }],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/console/comments/reported', {
        query: { page: page + 1, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type Moderation = { hidden: true; reason: string } | { hidden: false };

/**
 * Hides a comment with a reason, or shows it again. The answer is written into the list in place
 * rather than read again: the server lists only comments not hidden, and the admin who just hid one
 * keeps the row, and its Unhide, in front of them until the list is next read.
 */
export function useModerateComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moderation: Moderation) =>
      kioskClient.call('PUT /api/console/comments/:id', { params: { id }, body: moderation }),
    onSuccess: (comment) =>
      queryClient.setQueriesData<ReportedPage>({ queryKey: REPORTED_COMMENTS_KEY }, (data) =>
        data
          ? { ...data, list: data.list.map((row) => (row.id === comment.id ? { ...row, ...comment } : row)) }
          : data,
      ),
  });
}

/**
 * The titles of the apps on a page of the list, by DID (the list names an app by its DID only), read
 * as the app page reads them, so each is asked once and shared with that page. An app the store no
 * longer shows keeps its DID.
 */
export function useAppTitles(dids: readonly string[]): Map<string, string> {
  const unique = [...new Set(dids)];
  const answers = useQueries({
    queries: unique.map((did) => ({
      queryKey: ['store', 'app', did],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        kioskClient.call('GET /api/apps/:did', { params: { did }, signal }),
      retry: false,
      staleTime: 5 * 60_000,
    })),
  });
  const titles = new Map<string, string>();
  answers.forEach((answer, index) => {
    if (answer.data) titles.set(unique[index]!, answer.data.title || answer.data.name);
  });
  return titles;
}
