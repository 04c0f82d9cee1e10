import { ReviewThreadSection } from '../console/ReviewThread.tsx';
import { useReviewThread } from './use-developer-apps.ts';

/** The thread in the developer's version panel, read with the developer's queries so an action refreshes it. */
export function ReviewThread({ did, version }: { did: string; version: string }) {
  return (
    <ReviewThreadSection
      thread={useReviewThread(did, version)}
      version={version}
      texts="developerApps"
      retryKey="developerApps.retry"
      headingLevel={4}
    />
  );
}
