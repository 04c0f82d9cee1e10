import type { ReviewEntry } from '@kiosk/contracts';
import type { ReviewRow } from '../tables.ts';

/** A thread line; `version` is the version's semver, which the row names by id. */
export function reviewEntryView(row: ReviewRow, version: string): ReviewEntry {
  return {
    id: row.id,
    object: 'app_version_review',
    app_did: row.app_did,
    version_id: row.version_id,
    version,
    author_did: row.author_did,
    author_role: row.author_role,
    action: row.action,
    message: row.body,
    created_at: Number(row.created_at),
  };
}
