import type { AppVersion } from '@kiosk/contracts';
import type { VersionRow } from '../tables.ts';
import { versionJson } from './table.ts';

/** Where a version's bundle downloads: its file is named by the release's name and version. */
export function downloadPath(row: Pick<VersionRow, 'app_did' | 'version' | 'name'>): string {
  return `/api/apps/${row.app_did}/${row.version}/${bundleFileName(row)}.tgz`;
}

/** The download's file name without `.tgz`, as the route's `:file` parameter holds it. */
export function bundleFileName(row: Pick<VersionRow, 'version' | 'name'>): string {
  return `${row.name}-${row.version}`;
}

export function versionView(row: VersionRow): AppVersion {
  return {
    id: row.id,
    object: 'app_version',
    app_did: row.app_did,
    version: row.version,
    name: row.name,
    status: row.status,
    size: Number(row.size),
    integrity: row.integrity,
    signature: row.signature,
    changelog: row.changelog,
    metadata: versionJson.metadata.read(row.metadata),
    download_url: downloadPath(row),
    status_transitions: versionJson.status_transitions.read(row.status_transitions),
    published_at: row.published_at === null ? null : Number(row.published_at),
    launchable: row.launchable === null ? null : Boolean(Number(row.launchable)),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
