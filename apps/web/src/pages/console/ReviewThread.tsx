import { useTranslation } from 'react-i18next';
import type { ReviewEntry } from '@kiosk/contracts';
import { DetailSection, DetailTimeline, type ListQuery } from '@kiosk/react/ui';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { useReviewThread } from './use-console-reviews.ts';

export interface ReviewThreadProps {
  did: string;
  version: string;
}

/** The thread in the admins' review panel, read with the console's queries so a review action refreshes it. */
export function ReviewThread({ did, version }: ReviewThreadProps) {
  return (
    <ReviewThreadSection
      thread={useReviewThread(did, version)}
      version={version}
      texts="console.review"
      retryKey="console.retry"
      headingLevel={3}
    />
  );
}

export interface ReviewThreadSectionProps {
  thread: ListQuery<ReviewEntry>;
  version: string;
  /**
   * The key prefix of the reader's words: `console.review` for the admins, `developerApps` for the
   * developer (each has `.thread`, `.threadOf`, `.threadEmpty`, `.threadFailed` and `.role.*`).
   */
  texts: 'console.review' | 'developerApps';
  retryKey: string;
  headingLevel: 3 | 4;
}

/**
 * A version's review thread, oldest first: who (its developer or a reviewer), what, their words and
 * when. The admins' panel and the developer's show it alike, each in its own words.
 */
export function ReviewThreadSection({
  thread,
  version,
  texts,
  retryKey,
  headingLevel,
}: ReviewThreadSectionProps) {
  const { t, i18n } = useTranslation();
  const label = t(`${texts}.threadOf`, { version });
  const entries = thread.data?.list ?? [];
  return (
    <DetailSection
      title={t(`${texts}.thread`)}
      headingLevel={headingLevel}
      loading={thread.isPending}
      loadingLabel={label}
      error={
        thread.error && {
          message: t(`${texts}.threadFailed`, { error: thread.error.message }),
          onRetry: () => void thread.refetch(),
          retryLabel: t(retryKey),
        }
      }
      empty={entries.length === 0}
      emptyText={t(`${texts}.threadEmpty`)}
    >
      <DetailTimeline
        label={label}
        entries={entries.map((entry) => ({
          key: entry.id,
          title: `${t(`${texts}.role.${entry.author_role}`)} · ${t(`store.review.action.${entry.action}`)}`,
          time: formatUnixTime(entry.created_at, i18n.language),
          body: entry.message,
          highlight: entry.author_role === 'admin',
        }))}
      />
    </DetailSection>
  );
}
