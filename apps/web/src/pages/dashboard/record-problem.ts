import type { DetailProblem } from '@kiosk/react/ui';
import { portalProblemOf } from '../customer/portal-problem.tsx';

/** What a merchant's detail page says when its record is missing (in this mode) or failed to load. */
export interface RecordProblemTexts {
  notFoundTitle: string;
  /** Names the id and the mode, so a record of the other mode is found with the switch. */
  notFoundDescription: string;
  loadFailed: string;
  retry: string;
}

/** The DetailFrame's `problem` for the query of a dashboard record: none while it is fine or loading. */
export function recordProblem(
  query: { error: Error | null; refetch: () => unknown },
  texts: RecordProblemTexts,
): DetailProblem | null {
  if (!query.error) return null;
  if (portalProblemOf(query.error) === 'notFound')
    return { kind: 'notFound', title: texts.notFoundTitle, description: texts.notFoundDescription };
  return {
    kind: 'error',
    title: texts.loadFailed,
    description: query.error.message,
    onRetry: () => void query.refetch(),
    retryLabel: texts.retry,
  };
}
