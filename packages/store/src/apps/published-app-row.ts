import type { AppRow } from './table.ts';

/**
 * A published, public app's row as tests and the bench write it directly (thousands at once, or into
 * a store at an older migration): the fields that say what it is, the rest as a fresh upload's.
 */
export function publishedAppRow(
  fields: Pick<AppRow, 'id' | 'title' | 'description' | 'developer_did'> & Partial<AppRow>,
): AppRow {
  return {
    name: fields.id.replace(/\W/g, '-'),
    logo: null,
    screenshots: '[]',
    category_id: null,
    visibility: 'public',
    blocked: false,
    block_reason: null,
    auto_publish: false,
    review_type: null,
    accepts_donations: false,
    downloads: 0,
    latest_version: '1.0.0',
    published_version: '1.0.0',
    published_at: 1,
    created_at: 1,
    updated_at: 1,
    ...fields,
  };
}
