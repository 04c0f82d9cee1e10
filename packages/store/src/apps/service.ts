import type { App, AppDetail, appListQuery, appUpdate, DeveloperApp } from '@kiosk/contracts';
import { KioskError, type AppVersionStatus } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { StoreDeps } from '../context.ts';
import type { AppRow, StoreDb } from '../tables.ts';
import { versionView } from '../versions/view.ts';
import { audienceOf, seesVersion, type Viewer } from './audience.ts';
import { appView, developerAppView } from './view.ts';

type Page = { page: number; pageSize: number };

/** Refuses a developer who is not the app's: the app exists, so they learn only that it is not theirs. */
export function assertDeveloperOf(app: AppRow, developerDid: string): void {
  if (app.developer_did !== developerDid)
    throw new KioskError('APP_NOT_YOURS', { status: 403, params: { did: app.id } });
}

export async function findApp(db: StoreDb, did: string): Promise<AppRow | undefined> {
  return db.selectFrom('store_apps').selectAll().where('id', '=', did).executeTakeFirst();
}

/** `q` inside a LIKE pattern, its wildcards taken literally (the queries say `escape '\'`). */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The store front (issue 12 item 9): published, public, unblocked apps, searched with LIKE in name,
 * title and description (full-text search replaces this in a later slice). `relevance` ranks a
 * name equal to `q` first, then names and titles starting with it, then other matches, and within
 * each rank as `downloads`: the most downloaded, then the most recently published.
 */
export async function listStoreFront(
  deps: StoreDeps,
  filter: z.infer<typeof appListQuery>,
): Promise<{ list: App[]; count: number }> {
  const q = filter.q?.trim() || undefined;
  const contains = q === undefined ? undefined : likePattern(q);
  const startsWith = contains?.slice(1);
  const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;
  const like = (column: string, pattern: string): Expression<SqlBool> =>
    sql<SqlBool>`${lower(column)} like lower(${pattern}) escape '\\'`;

  let query = deps.db
    .selectFrom('store_apps as a')
    .leftJoin('store_categories as c', 'c.id', 'a.category_id')
    .where('a.published_version', 'is not', null)
    .where('a.visibility', '=', 'public')
    .where('a.blocked', '=', false);
  if (filter.category !== undefined)
    query = query.where(sql<SqlBool>`lower(${sql.ref('c.name')}) = lower(${filter.category})`);
  if (contains !== undefined)
    query = query.where((eb) =>
      eb.or([like('a.name', contains), like('a.title', contains), like('a.description', contains)]),
    );

  const total = await query.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  let ordered = query.selectAll('a').select('c.name as category_name');
  switch (filter.sort) {
    case 'relevance':
      if (q !== undefined)
        ordered = ordered.orderBy(
          sql`case when ${lower('a.name')} = lower(${q}) then 0
                   when ${like('a.name', startsWith!)} or ${like('a.title', startsWith!)} then 1
                   when ${like('a.name', contains!)} or ${like('a.title', contains!)} then 2
                   else 3 end`,
        );
      ordered = ordered.orderBy('a.downloads', 'desc').orderBy('a.published_at', 'desc');
      break;
    case 'downloads':
      ordered = ordered.orderBy('a.downloads', 'desc').orderBy('a.published_at', 'desc');
      break;
    case 'newest':
      ordered = ordered.orderBy('a.published_at', 'desc');
      break;
    case 'name':
      ordered = ordered.orderBy(lower('a.title')).orderBy(lower('a.name'));
      break;
  }
  const rows = await ordered
    .orderBy('a.id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return {
    list: rows.map(({ category_name, ...row }) => appView(row, category_name)),
    count: Number(total.count),
  };
}

/**
 * An app with its versions as `viewer` may see it, or undefined when it may not see it at all
 * (a draft-only, private or blocked app to anybody but its developer and the admins).
 */
export async function getAppDetail(
  deps: StoreDeps,
  did: string,
  viewer: Viewer,
): Promise<AppDetail | undefined> {
  const app = await findApp(deps.db, did);
  if (!app) return undefined;
  const audience = audienceOf(app, viewer);
  if (audience === 'none') return undefined;
  const versions = (
    await deps.db
      .selectFrom('store_app_versions')
      .selectAll()
      .where('app_did', '=', did)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  ).filter((version) => seesVersion(audience, version));
  const category = await categoryName(deps.db, app.category_id);
  const latestStatus = versions.find((v) => v.version === app.latest_version)?.status ?? null;
  const view = audience === 'owner' ? developerAppView(app, category, latestStatus) : appView(app, category);
  return { ...view, versions: versions.map(versionView) };
}

/** The developer's own apps, newest first, each with where its latest upload stands. */
export async function listDeveloperApps(
  deps: StoreDeps,
  developerDid: string,
  page: Page,
): Promise<{ list: DeveloperApp[]; count: number }> {
  const mine = deps.db.selectFrom('store_apps as a').where('a.developer_did', '=', developerDid);
  const total = await mine.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  const rows = await mine
    .leftJoin('store_categories as c', 'c.id', 'a.category_id')
    .leftJoin('store_app_versions as v', (join) =>
      join.onRef('v.app_did', '=', 'a.id').onRef('v.version', '=', 'a.latest_version'),
    )
    .selectAll('a')
    .select(['c.name as category_name', 'v.status as latest_status'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  return {
    list: rows.map(({ category_name, latest_status, ...row }) =>
      developerAppView(row, category_name, latest_status),
    ),
    count: Number(total.count),
  };
}

/** The app as its developer sees it, read fresh. */
export async function getDeveloperApp(db: StoreDb, did: string): Promise<DeveloperApp> {
  const row = await db
    .selectFrom('store_apps as a')
    .leftJoin('store_categories as c', 'c.id', 'a.category_id')
    .leftJoin('store_app_versions as v', (join) =>
      join.onRef('v.app_did', '=', 'a.id').onRef('v.version', '=', 'a.latest_version'),
    )
    .selectAll('a')
    .select(['c.name as category_name', 'v.status as latest_status'])
    .where('a.id', '=', did)
    .executeTakeFirstOrThrow();
  const { category_name, latest_status, ...app } = row;
  return developerAppView(app, category_name, latest_status as AppVersionStatus | null);
}

/** The developer edits what the store shows of their app, and how it is published. */
export async function updateApp(
  deps: StoreDeps,
  did: string,
  developerDid: string,
  input: z.infer<typeof appUpdate>,
): Promise<DeveloperApp> {
  return transaction(deps.db, async (trx) => {
    const app = await findApp(trx, did);
    if (!app) throw new KioskError('APP_NOT_FOUND', { status: 404 });
    assertDeveloperOf(app, developerDid);
    const { category, ...fields } = input;
    const set: Partial<AppRow> = { ...fields };
    if (category !== undefined) {
      if (category === null) set.category_id = null;
      else {
        const id = await findCategoryId(trx, category);
        if (!id) throw new KioskError('CATEGORY_NOT_FOUND', { params: { category } });
        set.category_id = id;
      }
    }
    await deps.resources.apps.update(trx, did, set, 'app.updated');
    return getDeveloperApp(trx, did);
  });
}

/** A category of the admins' list by name, whatever its case. */
export async function findCategoryId(db: StoreDb, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('store_categories')
    .select('id')
    .where(sql<SqlBool>`lower(name) = lower(${name})`)
    .executeTakeFirst();
  return row?.id;
}

async function categoryName(db: StoreDb, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.selectFrom('store_categories').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}
