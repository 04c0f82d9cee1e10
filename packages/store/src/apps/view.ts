import type { App, DeveloperApp } from '@kiosk/contracts';
import type { AppVersionStatus } from '@kiosk/core';
import { flag, type AppRow } from '../tables.ts';
import { appJson } from './table.ts';

/** An app as everybody sees it; `category` is the category's name. */
export function appView(row: AppRow, category: string | null): App {
  return {
    did: row.id,
    object: 'app',
    name: row.name,
    title: row.title,
    description: row.description,
    logo: row.logo,
    screenshots: appJson.screenshots.read(row.screenshots),
    category,
    developer_did: row.developer_did,
    downloads: Number(row.downloads),
    version: row.published_version,
    published_at: row.published_at === null ? null : Number(row.published_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** An app as its developer and the admins see it. */
export function developerAppView(
  row: AppRow,
  category: string | null,
  latestStatus: AppVersionStatus | null,
): DeveloperApp {
  return {
    ...appView(row, category),
    visibility: row.visibility,
    blocked: flag(row.blocked),
    block_reason: row.block_reason,
    auto_publish: flag(row.auto_publish),
    accepts_donations: flag(row.accepts_donations),
    review_type: row.review_type,
    latest_version: row.latest_version,
    latest_status: latestStatus,
  };
}

/** An app as its events carry it: the row's fields, its category by id (events need no lookups). */
export function appSnapshot(row: AppRow) {
  const { category: _byName, latest_status: _ofTheVersion, ...app } = developerAppView(row, null, null);
  return { ...app, category_id: row.category_id };
}
