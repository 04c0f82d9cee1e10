import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { COMMENT_REPORT_REASONS, COMMENT_SORTS } from '@kiosk/contracts';
import type { CallAnswer } from '@kiosk/sdk';
import { kioskClient } from '../../../lib/api.ts';

export type CommentSort = (typeof COMMENT_SORTS)[number];
export type ReportReason = (typeof COMMENT_REPORT_REASONS)[number];
export type CommentThread = CallAnswer<'GET /api/apps/:did/comments'>['list'][number];
export type RatingSummary = CallAnswer<'GET /api/apps/:did/ratings'>;

/** How many threads a page of comments holds; "Show more" asks for the next page size. */
export const COMMENTS_PAGE_SIZE = 10;

/** Every query of an app's ratings and comments starts with this key: one invalidation refreshes them. */
export const feedbackKey = (did: string) => ['store', 'feedback', did] as const;

/** The app's average, count and histogram, with the visitor's own score and whether they may rate. */
export function useRatingSummary(did: string) {
  return useQuery({
    queryKey: [...feedbackKey(did), 'ratings'],
    queryFn: ({ signal }) => kioskClient.call('GET /api/apps/:did/ratings', { params: { did }, signal }),
  });
}

/** The first `shown` threads of the app's comments, in `sort`. */
export function useAppComments(did: string, sort: CommentSort, shown: number) {
  return useQuery({
    queryKey: [...feedbackKey(did), 'comments', { sort, shown }],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/apps/:did/comments', {
        params: { did },
        query: { sort, page: 1, pageSize: shown },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A mutation that refreshes the app's ratings and comments once it succeeded. */
function useFeedbackMutation<Input, Answer>(did: string, send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKey(did) }),
  });
}

export function useRateApp(did: string) {
  return useFeedbackMutation(did, (score: number) =>
    kioskClient.call('PUT /api/apps/:did/rating', { params: { did }, body: { score } }),
  );
}

export function usePostComment(did: string) {
  return useFeedbackMutation(did, (input: { body: string; parent_id?: string }) =>
    kioskClient.call('POST /api/apps/:did/comments', { params: { did }, body: input }),
  );
}

export function useEditComment(did: string) {
  return useFeedbackMutation(did, ({ id, body }: { id: string; body: string }) =>
    kioskClient.call('PUT /api/apps/:did/comments/:id', { params: { did, id }, body: { body } }),
  );
}

export function useDeleteComment(did: string) {
  return useFeedbackMutation(did, (id: string) =>
    kioskClient.call('DELETE /api/apps/:did/comments/:id', { params: { did, id } }),
  );
}

export function useMarkHelpful(did: string) {
  return useFeedbackMutation(did, ({ id, helpful }: { id: string; helpful: boolean }) =>
    kioskClient.call(
      helpful ? 'PUT /api/apps/:did/comments/:id/helpful' : 'DELETE /api/apps/:did/comments/:id/helpful',
      { params: { did, id } },
    ),
  );
}

export function useReportComment(did: string) {
  return useFeedbackMutation(
    did,
    ({ id, reason, note }: { id: string; reason: ReportReason; note: string }) =>
      kioskClient.call('POST /api/apps/:did/comments/:id/reports', {
        params: { did, id },
        body: { reason, note: note.trim() || undefined },
      }),
  );
}
