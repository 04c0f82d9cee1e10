import { appVersionSchema } from '@kiosk/contracts';
import type { AppVersionStatus } from '@kiosk/core';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import { z } from 'zod';
import type { Json, Stamped } from '../columns.ts';

/** Every uploaded version, its signed release, its bundle and where it stands in review. */
export type VersionRow = Stamped & {
  id: string;
  app_did: string;
  version: string;
  status: AppVersionStatus;
  /** The name this release was signed with (the bundle's file name uses it). */
  name: string;
  integrity: string;
  /** The app key's signature of the release (`signRelease`). */
  signature: string;
  size: number;
  bundle_key: string;
  /** kiosk.json as uploaded. */
  metadata: Json;
  changelog: string | null;
  /** Who uploaded it: the developer's DID. */
  uploaded_by: string;
  /** When it entered each status after `draft` (`{ pending: 1767…, … }`). */
  status_transitions: Json;
  published_at: number | null;
  /** Its bundle holds the page a launch opens (1 or 0); null when uploaded before this was known. */
  launchable: number | null;
};

export const versionJson = jsonColumns('store_app_versions', {
  /**
   * kiosk.json as uploaded, checked then by @kiosk/bundle's rules of the day; what the store reads of
   * it again is checked here (every upload has a logo, but `{}` is the column's default), and the
   * rest is kept as it came.
   */
  metadata: jsonColumn(
    z.looseObject({ logo: z.string().optional(), screenshots: z.array(z.string()).optional() }),
    {},
  ),
  status_transitions: jsonColumn(appVersionSchema.shape.status_transitions, {}),
});

/** One row per counted download of a published version; the console sums them per day (the last 30 days, seed 001 §3). */
export type DownloadRow = {
  id: string;
  app_did: string;
  version: string;
  /** The signed-in user who downloaded, if any; a later slice counts each one once a day. */
  downloader_did: string | null;
  at: number;
};
