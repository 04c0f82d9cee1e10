import type { AppDetail, appListQuery, AppSearchResult, appUpdate, DeveloperApp } from '@kiosk/contracts';
import { KioskError, type AppVersionStatus } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { StoreDeps } from '../context.ts';
import type { AppRow, StoreDb } from '../tables.ts';
import { versionView } from '../versions/view.ts';
import { audienceOf, isOnStoreFront, seesVersion, type Viewer } from './audience.ts';
import {
  countMatches,
  FREQUENT_MATCHES,
  frequentWordCandidates,
  matchingApps,
  ORDER_INDEXES,
  POPULAR_CANDIDATES,
  RANKED_CANDIDATES,
  scoreParts,
  searchTerms,
  textMatches,
  totalScore,
  type SearchTerm,
  walksIndex,
} from './search.ts';
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

/** An app on the store front, or 404: only those are bought, rated and commented on. */
export async function appOnStoreFront(db: StoreDb, did: string): Promise<AppRow> {
  const app = await findApp(db, did);
  if (!app || !isOnStoreFront(app)) throw new KioskError('APP_NOT_FOUND', { status: 404 });
  return app;
}

/**
 * The store front (issue 12 item 9): published, public, unblocked apps. With `q`, only apps whose
 * name, title or description hold every word of it (full-text, search.ts); `relevance` orders by the
 * score of search.ts, the other sorts as they say. With `explain`, each app carries its score parts.
 */
export async function listStoreFront(
  deps: StoreDeps,
  filter: z.infer<typeof appListQuery>,
): Promise<{ list: AppSearchResult[]; count: number }> {
  const q = filter.q?.trim() || undefined;
  const terms = q === undefined ? [] : searchTerms(q);
  // A query of punctuation alone names no word, so nothing can match it.
  if (q !== undefined && terms.length === 0) return { list: [], count: 0 };

  const parts = scoreParts(deps.engine, deps.clock.nowUnix(), q);
  const scoring = filter.sort === 'relevance' || filter.explain;
  // Without a category, the text index alone counts the matches (it holds only the store front's
  // apps), and the count tells a frequent word from a rare one (search.ts "Frequent words").
  const matches =
    q === undefined || filter.category !== undefined
      ? undefined
      : await countMatches(deps.db, deps.engine, terms);
  if (matches === 0) return { list: [], count: 0 };
  let visible = searchedApps(deps, filter, q, terms, matches);
  if (filter.category !== undefined)
    visible = visible
      .innerJoin('store_categories as c', 'c.id', 'a.category_id')
      .where(sql<SqlBool>`lower(${sql.ref('c.name')}) = lower(${filter.category})`);

  // The page is chosen on narrow rows (the sort keys and the score's parts), then read in full:
  // ordering whole rows of every match would cost more than the search itself. The other sorts
  // need no score: working out its parts (a rating read per app) for every match of a common word
  // cost them more than the search.
  const part = (value: RawBuilder<number>) => (scoring ? value : sql<number>`null`);
  const scored = visible.select([
    'a.id',
    'a.name',
    'a.title',
    'a.downloads',
    'a.published_at',
    part(parts.text).as('text_score'),
    part(parts.popularity).as('popularity'),
    part(parts.freshness).as('freshness'),
    part(parts.exactName).as('exact_name'),
    part(parts.rating).as('rating'),
  ]);
  let ordered = deps.db
    .selectFrom(scored.as('s'))
    .select([
      's.id',
      's.text_score',
      's.popularity',
      's.freshness',
      's.exact_name',
      's.rating',
      part(totalScore).as('score'),
    ]);
  switch (filter.sort) {
    case 'relevance':
      ordered = ordered.orderBy(totalScore, 'desc').orderBy('s.published_at', 'desc');
      break;
    case 'downloads':
      ordered = ordered.orderBy('s.downloads', 'desc').orderBy('s.published_at', 'desc');
      break;
    case 'newest':
      ordered = ordered.orderBy('s.published_at', 'desc');
      break;
    case 'name':
      ordered = ordered.orderBy(sql`lower(s.title)`).orderBy(sql`lower(s.name)`);
      break;
  }
  const page = await ordered
    .orderBy('s.id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  const count =
    matches ?? (await visible.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow()).count;

  const rows = page.length
    ? await deps.db
        .selectFrom('store_apps as a')
        .leftJoin('store_categories as c', 'c.id', 'a.category_id')
        .selectAll('a')
        .select('c.name as category_name')
        .where(
          'a.id',
          'in',
          page.map((ranking) => ranking.id),
        )
        .execute()
    : [];
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  return {
    list: page.map(({ id, text_score, popularity, freshness, exact_name, rating, score }) => {
      const { category_name, ...row } = rowOf.get(id)!;
      const app = appView(row, category_name);
      if (!filter.explain) return app;
      const parts = { text: text_score, popularity, freshness, exact_name, rating, total: score };
      return { ...app, score: mapValues(parts, (value) => Math.round(Number(value) * 1e6) / 1e6) };
    }),
    count: Number(count),
  };
}

/**
 * The apps a store front's page is chosen from, to select from `as a`: all it shows, or the matches
 * of `q` (search.ts), for the score bounded to a frequent word's candidates or the best text matches.
 */
function searchedApps(
  deps: StoreDeps,
  filter: z.infer<typeof appListQuery>,
  q: string | undefined,
  terms: SearchTerm[],
  matches: number | undefined,
) {
  if (q === undefined)
    return deps.db
      .selectFrom('store_apps as a')
      .where('a.published_version', 'is not', null)
      .where('a.visibility', '=', 'public')
      .where('a.blocked', '=', false);
  const scoring = filter.sort === 'relevance' || filter.explain;
  const frequent = matches !== undefined && matches > FREQUENT_MATCHES;
  if (scoring && frequent) {
    // Deep pages widen the candidates, so that every match can be reached.
    const popular = Math.max(POPULAR_CANDIDATES, filter.page * filter.pageSize);
    const walk = walksIndex(deps.engine, matches);
    return deps.db.selectFrom(frequentWordCandidates(deps.engine, terms, { q, popular, walk }).as('a'));
  }
  if (scoring || filter.category !== undefined) {
    // Deep pages of a relevance search widen the candidates, so that every match can be reached. In
    // a category, all are candidates: the best text matches of the whole store may hold none of its
    // apps.
    const ranked = scoring && {
      candidates:
        filter.category === undefined
          ? Math.max(RANKED_CANDIDATES, filter.page * filter.pageSize)
          : undefined,
    };
    return deps.db.selectFrom(textMatches(deps.engine, terms, ranked).apps.as('a'));
  }
  // The other sorts read a frequent word's matches in their order's index and stop at the page:
  // exact, whatever the word.
  const walk =
    matches !== undefined && walksIndex(deps.engine, matches) && filter.sort !== 'relevance'
      ? ORDER_INDEXES[filter.sort]
      : undefined;
  return deps.db.selectFrom(matchingApps(deps.engine, terms, walk).as('a'));
}

const mapValues = <K extends string>(record: Record<K, unknown>, map: (value: unknown) => number) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)])) as Record<K, number>;

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
